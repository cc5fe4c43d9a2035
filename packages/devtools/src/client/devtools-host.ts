import { ref } from 'vue'
import { readDevToken } from './dev-token'

/** What the panel uses of the Nuxt DevTools client that the host puts on the iframe's window. */
interface DevtoolsClientLike {
  devtools?: {
    colorMode?: string
    rpc?: {
      openInEditor?: (token: string, file: string) => Promise<boolean>
      requestForAuth?: (info?: string) => Promise<void>
    }
  }
}

declare global {
  interface Window {
    __NUXT_DEVTOOLS__?: DevtoolsClientLike
  }
}

/** 'dark' or 'light': DevTools' own mode when the panel runs inside it, else the system's. */
export const colorMode = ref<'dark' | 'light'>(detectColorMode())

function detectColorMode(): 'dark' | 'light' {
  const fromQuery = new URLSearchParams(window.location.search).get('theme')
  if (fromQuery === 'dark' || fromQuery === 'light') return fromQuery
  const fromDevtools = window.__NUXT_DEVTOOLS__?.devtools?.colorMode
  if (fromDevtools === 'dark' || fromDevtools === 'light') return fromDevtools
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

/** Follows DevTools' color mode as it changes; the host sets the client on the window after load. */
export function followDevtoolsColorMode(): void {
  const sync = () => {
    const mode = window.__NUXT_DEVTOOLS__?.devtools?.colorMode
    if ((mode === 'dark' || mode === 'light') && !new URLSearchParams(window.location.search).has('theme')) colorMode.value = mode
  }
  sync()
  setInterval(sync, 1000)
}

/**
 * Opens a file in the editor through DevTools' RPC (with DevTools' auth
 * token, kept in this origin's localStorage); false when that is not possible.
 */
export async function openInEditor(file: string): Promise<boolean> {
  const rpc = window.__NUXT_DEVTOOLS__?.devtools?.rpc
  if (!rpc?.openInEditor) return false
  try {
    return await rpc.openInEditor(readDevToken() ?? '', file) !== false
  }
  catch {
    return false
  }
}

/**
 * Asks Nuxt DevTools to authorise this browser: DevTools prints a link and
 * the token in the terminal running `nuxi dev`. False when the panel does not
 * run inside DevTools, or DevTools could not ask.
 */
export async function askDevtoolsForAuth(): Promise<boolean> {
  const rpc = window.__NUXT_DEVTOOLS__?.devtools?.rpc
  if (!rpc?.requestForAuth) return false
  try {
    await rpc.requestForAuth(`${navigator.userAgent} | Action Route DevTools tab`)
    return true
  }
  catch {
    return false
  }
}
