import { homedir } from 'node:os'
import type { Nuxt } from '@nuxt/schema'
import { join } from 'pathe'

/**
 * Where Nuxt DevTools keeps its dev auth token: `~/.nuxt/devtools/dev-auth-token.txt`,
 * under `XDG_CONFIG_HOME` instead of the home folder when that is set, as DevTools itself decides.
 * @example
 * devAuthTokenFile() // '/home/ann/.nuxt/devtools/dev-auth-token.txt'
 */
export function devAuthTokenFile(): string {
  return join(process.env.XDG_CONFIG_HOME || homedir(), '.nuxt/devtools/dev-auth-token.txt')
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
