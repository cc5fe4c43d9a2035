import { readFile } from 'node:fs/promises'
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
 * Which of SOURCE_FEATURES the app's own code (each layer's `srcDir`) uses,
 * reading each file once; dependencies and build output are not the app's
 * code. A guess on the safe side: a word in a comment counts, and a feature
 * left out where it was wanted degrades, never breaks (docs/decisions.md).
 * @example
 * const uses = await appSourceUses(nuxt.options._layers.map(layer => layer.config.srcDir))
 * if (uses.forms) addFormMiddleware()
 */
export async function appSourceUses(srcDirs: string[]): Promise<Record<SourceFeature, boolean>> {
  const found: Record<SourceFeature, boolean> = { forms: false, singleFlight: false, sharedStore: false }
  const features = Object.keys(SOURCE_FEATURES) as SourceFeature[]
  for (const cwd of new Set(srcDirs)) {
    const files = await glob(['**/*.{vue,ts,tsx,js,jsx,mjs,mts}'], {
      cwd,
      absolute: true,
      ignore: ['**/node_modules/**', '**/.nuxt/**', '**/.output/**', '**/dist/**', '**/.data/**'],
    })
    for (const file of files) {
      const source = await readFile(file, 'utf8')
      for (const feature of features) found[feature] ||= SOURCE_FEATURES[feature].test(source)
      if (features.every(feature => found[feature])) return found
    }
  }
  return found
}
