import { existsSync } from 'node:fs'
import type { Nuxt } from '@nuxt/schema'
import { getNitroVersion, getNuxtVersion } from '@nuxt/kit'

/** The Nitro majors the module ships server files for. */
export type NitroMajor = 2 | 3

/** One server file per Nitro major: `nitro2` runs on h3 v1 (Nuxt 3 and 4), `nitro3` on h3 v2 (Nuxt 5). */
export interface NitroVariants {
  nitro2: string
  nitro3: string
}

/**
 * The Nitro major this Nuxt builds with. Kit's `getNitroVersion` answers when the host stamps
 * it or when `nitro`/`nitropack` resolves from the app; Nuxt 5 nests `nitro` under its own
 * server package, where kit finds neither, so the Nuxt major decides then: Nitro 3 from Nuxt 5 on.
 * @example
 * nitroMajorOf(nuxt) // 3 on Nuxt 5, 2 on Nuxt 3 and 4
 */
export function nitroMajorOf(nuxt: Nuxt): NitroMajor {
  let declared: number | undefined
  try {
    declared = getNitroVersion(nuxt)
  }
  catch {
    // an older host: decided by the Nuxt major below
  }
  if (declared === 2 || declared === 3) return declared
  return Number.parseInt(getNuxtVersion(nuxt), 10) >= 5 ? 3 : 2
}

/**
 * The file of `variants` this Nitro major runs. A `nitro3` file that is not there (not built
 * yet) falls back to the `nitro2` one, which Nuxt 5 still runs through its compatibility layer.
 * @example
 * pickServerFile(3, { nitro2: resolve('./runtime/server/index'), nitro3: resolve('./runtime/server/h3-v2') })
 */
export function pickServerFile(major: NitroMajor, variants: NitroVariants): string {
  if (major === 2) return variants.nitro2
  return hasSourceFile(variants.nitro3) ? variants.nitro3 : variants.nitro2
}

/** A path given without its extension, as the module resolves them, exists as .ts (source) or .js/.mjs (dist). */
function hasSourceFile(path: string): boolean {
  return ['', '.ts', '.js', '.mjs'].some(extension => existsSync(path + extension))
}
