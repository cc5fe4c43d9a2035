// Nuxt DevTools 3 keeps its dev auth token in this origin's localStorage and announces a new one on a
// BroadcastChannel, both under this name; the panel shares them, so authorising once serves both.
/** Where DevTools 3 keeps its dev auth token in this origin's localStorage. */
export const DEV_TOKEN_KEY = '__nuxt_dev_token__'
// Nuxt DevTools 4 (Vite DevTools, built on devframe) keeps the token it issued once the developer typed the printed
// code under this key of the same localStorage (the dock runs in the app's page, the panel is a same-origin frame),
// and announces it on this channel
/** Where DevTools 4 keeps the token it issued, in the same localStorage. */
export const DEVTOOLS4_TOKEN_KEY = '__DEVFRAME_CONNECTION_AUTH_TOKEN__'
const DEVTOOLS4_CHANNEL = 'devframe-auth'

/**
 * The dev auth tokens DevTools stored once the developer authorised this browser: DevTools 3's, then DevTools 4's,
 * those present. The server takes either; both are sent, as a stale one of the other major may linger in this origin.
 * @example
 * readDevTokens() // ['5f0c…'] once DevTools 4 authorised this browser
 */
export function readDevTokens(): string[] {
  return [DEV_TOKEN_KEY, DEVTOOLS4_TOKEN_KEY].map(readStored).filter((token): token is string => token !== undefined)
}

function readStored(key: string): string | undefined {
  try {
    return window.localStorage.getItem(key)?.trim() || undefined
  }
  catch {
    return undefined
  }
}

/**
 * Stores a token the server accepted (pasted by hand: DevTools 3's), and tells DevTools 3, which checks it and adopts it.
 * @example
 * if (await isTokenAccepted(given)) rememberDevToken(given)
 */
export function rememberDevToken(token: string): void {
  window.localStorage.setItem(DEV_TOKEN_KEY, token)
  const channel = new BroadcastChannel(DEV_TOKEN_KEY)
  channel.postMessage({ event: 'new-token', data: token })
  channel.close()
}

/**
 * Calls `run` when another tab or DevTools stores a new token (the authorise link, DevTools 3's prompt, DevTools 4's code).
 * @example
 * const stop = onDevTokenChange(() => void reconnect())
 */
export function onDevTokenChange(run: () => void): () => void {
  const channels = [new BroadcastChannel(DEV_TOKEN_KEY), new BroadcastChannel(DEVTOOLS4_CHANNEL)]
  const onStorage = (event: StorageEvent) => {
    if (event.key === DEV_TOKEN_KEY || event.key === DEVTOOLS4_TOKEN_KEY) run()
  }
  for (const channel of channels) channel.addEventListener('message', run)
  window.addEventListener('storage', onStorage)
  return () => {
    for (const channel of channels) channel.close()
    window.removeEventListener('storage', onStorage)
  }
}
