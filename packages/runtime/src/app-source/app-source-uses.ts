import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Nuxt } from '@nuxt/schema'
import { glob } from 'tinyglobby'

/**
 * The server features a build adds only for an app whose own code asks for
 * them, so other servers stay small: each with the words that ask for it.
 * - `forms`: the no-JavaScript form middleware, for `useActionForm`;
 * - `singleFlight`: the fresh query data in a mutation's answer, for
 *   `useAction`'s `refreshes` and `optimistic` options;
 * - `sharedStore`: the Nitro plugin that gives rate limits and idempotency
 *   keys Nitro's storage, for `rateLimit` or `idempotent` in the server's code.
 */
export const SOURCE_FEATURES = {
  forms: /\buseActionForm\b/,
  singleFlight: /\b(?:refreshes|optimistic)\b/,
  sharedStore: /\b(?:rateLimit|idempotent)\b/,
} as const satisfies Record<string, RegExp>

export type SourceFeature = keyof typeof SOURCE_FEATURES

/**
 * Server code a build adds only when the server's own files ask for it:
 * `streaming`, the code that answers an `async function*` handler as
 * `text/event-stream`, for an `async function*` (or `async *method`) or an
 * `eventSchema` in any file of the server folders.
 */
export const SERVER_FEATURES = {
  streaming: /\basync\s*(?:function\s*)?\*|\beventSchema\b/,
} as const satisfies Record<string, RegExp>

/**
 * Which of SOURCE_FEATURES the app's own code (each layer's `srcDir`) uses,
 * reading each file once; dependencies and build output are not the app's
 * code. A guess on the safe side: a word in a comment counts, and a feature
 * left out where it was wanted degrades, never breaks (docs/decisions.md).
 * @example
 * const uses = await appSourceUses(nuxt.options._layers.map(layer => layer.config.srcDir))
 * if (uses.forms) addFormMiddleware()
 */
export async function appSourceUses(srcDirs: string[]): Promise<Record<SourceFeature, boolean>>
export async function appSourceUses<TFeature extends string>(srcDirs: string[], words: Record<TFeature, RegExp>): Promise<Record<TFeature, boolean>>
export async function appSourceUses(srcDirs: string[], words: Record<string, RegExp> = SOURCE_FEATURES): Promise<Record<string, boolean>> {
  const features = Object.keys(words)
  const found = Object.fromEntries(features.map(feature => [feature, false]))
  for (const cwd of new Set(srcDirs)) {
    const files = await glob(['**/*.{vue,ts,tsx,js,jsx,mjs,mts}'], {
      cwd,
      absolute: true,
      ignore: ['**/node_modules/**', '**/.nuxt/**', '**/.output/**', '**/dist/**', '**/.data/**'],
    })
    for (const file of files) {
      const source = await readFile(file, 'utf8')
      for (const feature of features) found[feature] ||= words[feature]!.test(source)
      if (features.every(feature => found[feature])) return found
    }
  }
  return found
}

/**
 * The server folder of each layer (`server/` unless a layer's `serverDir` says otherwise).
 * @example
 * const uses = await appSourceUses(serverDirsOf(nuxt), SERVER_FEATURES)
 */
export function serverDirsOf(nuxt: Nuxt): string[] {
  return nuxt.options._layers.map(layer => resolve(layer.cwd, layer.config.serverDir ?? 'server'))
}
