import { existsSync } from 'node:fs'
import type { Nuxt } from '@nuxt/schema'
import { getNitroVersion, getNuxtVersion } from './nuxt-kit'

/** The Nitro majors the module ships server files for. */
export type NitroMajor = 2 | 3

/** One server file per Nitro major: `nitro2` runs on h3 v1 (Nuxt 3 and 4), `nitro3` on h3 v2 (Nuxt 5). */
export interface NitroVariants {
  nitro2: string
  nitro3: string
}

/** What a host may say of its Nitro major before any module runs (kit's `getNitroVersion` reads the same). */
interface NuxtWithNitroMajor {
  options: { _nitroMajor?: number }
  _nitro?: { meta?: { majorVersion?: number } }
}

/**
 * The Nitro major this Nuxt builds with: what the host declares, else Nitro 3 from Nuxt 5 on;
 * before Nuxt 5, kit's `getNitroVersion` (nitropack, or a project that installs nitro), else 2.
 * Kit's package lookup is not asked on Nuxt 5, which nests `nitro` under its own server
 * package: a `nitropack` that resolves from the app would then read as Nitro 2.
 * @example
 * nitroMajorOf(nuxt) // 3 on Nuxt 5, 2 on Nuxt 3 and 4
 */
export function nitroMajorOf(nuxt: Nuxt): NitroMajor {
  const host = nuxt as unknown as NuxtWithNitroMajor
  const declared = host.options._nitroMajor ?? host._nitro?.meta?.majorVersion
  if (declared === 2 || declared === 3) return declared
  if (Number.parseInt(getNuxtVersion(nuxt), 10) >= 5) return 3
  let resolved: number | undefined
  try {
    resolved = getNitroVersion(nuxt)
  }
  catch {
    // an older host: Nitro 2
  }
  return resolved === 3 ? 3 : 2
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
