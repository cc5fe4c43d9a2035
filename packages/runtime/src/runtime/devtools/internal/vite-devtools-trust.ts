import { createHash, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'

/** The part of Vite DevTools' `auth.json` this file reads: the browsers the developer authorised, by the token each holds. */
interface TrustedStore {
  trusted?: Record<string, unknown>
}

/**
 * True when `given` is a token Nuxt DevTools 4 (through Vite DevTools) issued to a browser the developer authorised
 * with the code `nuxi dev` printed, and has not revoked: a key of `trusted` in its store (`~/.vite/devtools/auth.json`),
 * read at each call so a revocation counts at once. Each key is compared in constant time.
 * @example
 * if (await isTrustedByViteDevtools(header, '/home/ann/.vite/devtools/auth.json')) letIn()
 */
export async function isTrustedByViteDevtools(given: string, storeFile: string): Promise<boolean> {
  const trusted = await readTrusted(storeFile)
  let found = false
  for (const [token, entry] of Object.entries(trusted)) {
    if (entry && typeof entry === 'object' && token && sameSecret(given, token)) found = true
  }
  return found
}

/**
 * Hashing first gives equal lengths, so the comparison leaks neither the secret nor its length.
 * @example
 * sameSecret(header, fileToken) // true when they are the same string
 */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

async function readTrusted(file: string): Promise<Record<string, unknown>> {
  try {
    const store = JSON.parse(await readFile(file, 'utf8')) as TrustedStore | null
    return store?.trusted && typeof store.trusted === 'object' ? store.trusted : {}
  }
  catch {
    return {}
  }
}
