// Nuxt DevTools keeps its dev auth token in this origin's localStorage and announces a new one on a
// BroadcastChannel, both under this name; the panel shares them, so authorising once serves both.
const DEV_TOKEN_KEY = '__nuxt_dev_token__'

/** The dev auth token DevTools stored once the developer authorised this browser, if any. */
export function readDevToken(): string | undefined {
  try {
    return window.localStorage.getItem(DEV_TOKEN_KEY) || undefined
  }
  catch {
    return undefined
  }
}

/** Stores a token the server accepted, and tells DevTools, which checks it and adopts it. */
export function rememberDevToken(token: string): void {
  window.localStorage.setItem(DEV_TOKEN_KEY, token)
  const channel = new BroadcastChannel(DEV_TOKEN_KEY)
  channel.postMessage({ event: 'new-token', data: token })
  channel.close()
}

/** Calls `run` when another tab or DevTools stores a new token (the authorise link, DevTools' own prompt). */
export function onDevTokenChange(run: () => void): () => void {
  const channel = new BroadcastChannel(DEV_TOKEN_KEY)
  const onStorage = (event: StorageEvent) => {
    if (event.key === DEV_TOKEN_KEY) run()
  }
  channel.addEventListener('message', run)
  window.addEventListener('storage', onStorage)
  return () => {
    channel.close()
    window.removeEventListener('storage', onStorage)
  }
}
