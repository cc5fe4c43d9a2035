import { useDevtoolsClient } from '@nuxt/devtools-kit/iframe-client'
import { computed, ref } from 'vue'
import { readDevTokens } from './dev-token'

// DevTools 3 hands its client to the iframe (window.__NUXT_DEVTOOLS__); the kit's composable makes it reactive, and
// it stays undefined where there is none: the panel opened on its own, or DevTools 4's dock
const devtools = useDevtoolsClient()

const themeFromQuery = new URLSearchParams(window.location.search).get('theme')
const chosenMode = ref<'dark' | 'light' | undefined>(themeFromQuery === 'dark' || themeFromQuery === 'light' ? themeFromQuery : undefined)
const systemMode = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'

/**
 * 'dark' or 'light': the one picked in the panel or its URL (`?theme=`),
 * else DevTools' own mode as it changes, else the system's. Setting it
 * picks a mode for this panel.
 * @example
 * colorMode.value = colorMode.value === 'dark' ? 'light' : 'dark'
 */
export const colorMode = computed<'dark' | 'light'>({
  get() {
    if (chosenMode.value) return chosenMode.value
    const fromDevtools = devtools.value?.devtools?.colorMode
    return fromDevtools === 'dark' || fromDevtools === 'light' ? fromDevtools : systemMode
  },
  set(mode) {
    chosenMode.value = mode
  },
})

/**
 * True while the panel runs inside Nuxt DevTools (which gives open-in-editor and requestForAuth).
 * @example
 * if (!insideDevtools.value) console.info('standalone')
 */
export const insideDevtools = computed(() => Boolean(devtools.value?.devtools?.rpc))

/**
 * Opens a file in the editor through DevTools' RPC (with DevTools' auth
 * token, kept in this origin's localStorage); false when that is not possible.
 * @example
 * await openInEditor('/app/server/api/todos/[id].patch.ts')
 */
export async function openInEditor(file: string): Promise<boolean> {
  const rpc = devtools.value?.devtools?.rpc
  if (!rpc?.openInEditor) return false
  try {
    return await rpc.openInEditor(readDevTokens()[0] ?? '', file) !== false
  }
  catch {
    return false
  }
}

/**
 * Asks Nuxt DevTools to authorise this browser: DevTools prints a link and
 * the token in the terminal running `nuxi dev`. False when the panel does not
 * run inside DevTools, or DevTools could not ask.
 * @example
 * if (!await askDevtoolsForAuth()) showTokenField()
 */
export async function askDevtoolsForAuth(): Promise<boolean> {
  const rpc = devtools.value?.devtools?.rpc
  if (!rpc?.requestForAuth) return false
  try {
    await rpc.requestForAuth(`${navigator.userAgent} | Action Route DevTools tab`)
    return true
  }
  catch {
    return false
  }
}
