import { useDevtoolsClient } from '@nuxt/devtools-kit/iframe-client'
import { computed, ref } from 'vue'

// DevTools 3 hands its client to the iframe (window.__NUXT_DEVTOOLS__); the kit's composable makes it reactive, and
// it stays undefined where there is none: the panel opened on its own, or DevTools 4's dock
const devtools = useDevtoolsClient()

const themeFromQuery = new URLSearchParams(window.location.search).get('theme')
const chosenMode = ref<'dark' | 'light' | undefined>(themeFromQuery === 'dark' || themeFromQuery === 'light' ? themeFromQuery : undefined)
const systemMode = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'

// DevTools 4's dock (in the app's page, same origin) keeps its colour mode in this origin's localStorage
const DEVTOOLS4_MODE_KEY = 'devframes-color-scheme'
const devtools4Mode = ref(readDevtools4Mode())
window.addEventListener('storage', (event) => {
  if (event.key === DEVTOOLS4_MODE_KEY) devtools4Mode.value = readDevtools4Mode()
})

function readDevtools4Mode(): 'dark' | 'light' | undefined {
  try {
    const stored = window.localStorage.getItem(DEVTOOLS4_MODE_KEY)?.replace(/^"|"$/g, '')
    return stored === 'dark' || stored === 'light' ? stored : undefined
  }
  catch {
    return undefined
  }
}

/**
 * 'dark' or 'light': the one picked in the panel or its URL (`?theme=`),
 * else DevTools' own mode as it changes (DevTools 3's client, or DevTools 4's dock setting), else the system's. Setting it
 * picks a mode for this panel.
 * @example
 * colorMode.value = colorMode.value === 'dark' ? 'light' : 'dark'
 */
export const colorMode = computed<'dark' | 'light'>({
  get() {
    if (chosenMode.value) return chosenMode.value
    const fromDevtools = devtools.value?.devtools?.colorMode
    if (fromDevtools === 'dark' || fromDevtools === 'light') return fromDevtools
    return devtools4Mode.value ?? systemMode
  },
  set(mode) {
    chosenMode.value = mode
  },
})

/**
 * True while the panel runs inside Nuxt DevTools 3 (which gives its RPC: requestForAuth).
 * @example
 * if (!insideDevtools.value) console.info('standalone')
 */
export const insideDevtools = computed(() => Boolean(devtools.value?.devtools?.rpc))

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
