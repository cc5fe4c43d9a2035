import { readFile } from 'node:fs/promises'

/** The part of Vite DevTools' `auth.json` this file reads: the browsers the developer authorised, by the token each holds. */
interface TrustedStore {
  trusted?: Record<string, unknown>
}

/**
 * The tokens Nuxt DevTools 4 (through Vite DevTools) issued to browsers the developer authorised with the code
 * `nuxi dev` printed, and has not revoked: the keys of `trusted` in its store (`~/.vite/devtools/auth.json`), read
 * at each call so a revocation counts at once. No store, or one that cannot be read: none.
 * @example
 * const trusted = await viteDevtoolsTokens('/home/ann/.vite/devtools/auth.json') // ['5f0c…']
 */
export async function viteDevtoolsTokens(storeFile: string): Promise<string[]> {
  try {
    const store = JSON.parse(await readFile(storeFile, 'utf8')) as TrustedStore | null
    const trusted = store?.trusted && typeof store.trusted === 'object' ? store.trusted : {}
    return Object.entries(trusted).filter(([token, entry]) => token !== '' && typeof entry === 'object' && entry !== null).map(([token]) => token)
  }
  catch {
    return []
  }
}
