import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import type { Nuxt } from '@nuxt/schema'
import { dirname, join } from 'pathe'

/**
 * Where Nuxt DevTools keeps its dev auth token: `~/.nuxt/devtools/dev-auth-token.txt`,
 * under `XDG_CONFIG_HOME` instead of the home folder when that is set, as DevTools itself decides.
 * @example
 * devAuthTokenFile() // '/home/ann/.nuxt/devtools/dev-auth-token.txt'
 */
export function devAuthTokenFile(): string {
  return join(process.env.XDG_CONFIG_HOME || homedir(), '.nuxt/devtools/dev-auth-token.txt')
}

/**
 * Where Nuxt DevTools 4 keeps the browsers the developer authorised with the code `nuxi dev` prints: Vite DevTools'
 * global `~/.vite/devtools/auth.json` (in the home folder, whatever XDG_CONFIG_HOME says), its `trusted` map keyed by
 * the token each browser holds. DevTools 4 writes no `dev-auth-token.txt`.
 * @example
 * viteDevtoolsAuthFile() // '/home/ann/.vite/devtools/auth.json'
 */
export function viteDevtoolsAuthFile(): string {
  return join(homedir(), '.vite/devtools/auth.json')
}

/**
 * The major of the Nuxt DevTools the app runs, from the `@nuxt/devtools` package found next to Nuxt (its `appDir`
 * sits inside Nuxt's package, so a strict pnpm layout finds it too) or the app; `undefined` when none is installed.
 * @example
 * devtoolsMajorOf(nuxt) // 4 on Nuxt 5, 3 on Nuxt 4
 */
export function devtoolsMajorOf(nuxt: Nuxt): number | undefined {
  for (const start of [nuxt.options.appDir, nuxt.options.rootDir]) {
    for (let folder = start; folder; folder = dirname(folder) === folder ? '' : dirname(folder)) {
      const manifest = join(folder, 'node_modules/@nuxt/devtools/package.json')
      if (!existsSync(manifest)) continue
      const major = Number.parseInt(String((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version), 10)
      if (!Number.isNaN(major)) return major
    }
  }
  return undefined
}

/** What is read of Nuxt DevTools' options: the user's, and the ones DevTools settled on (sandboxes turn authorization off). */
interface NuxtWithDevtools {
  options: { devtools?: boolean | { disableAuthorization?: boolean } }
  devtools?: { options?: { disableAuthorization?: boolean } }
}

/**
 * True when the developer turned DevTools' authorization off
 * (`devtools: { disableAuthorization: true }`, or a sandbox where DevTools does so itself).
 * @example
 * if (isDevtoolsAuthorizationDisabled(nuxt)) console.warn('the endpoints ask for no token')
 */
export function isDevtoolsAuthorizationDisabled(nuxt: Nuxt): boolean {
  const { options, devtools } = nuxt as unknown as NuxtWithDevtools
  if (devtools?.options?.disableAuthorization !== undefined) return devtools.options.disableAuthorization === true
  return typeof options.devtools === 'object' && options.devtools.disableAuthorization === true
}
