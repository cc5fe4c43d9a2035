import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'pathe'

/**
 * The h3 major an app's server runs on: 2 from Nuxt 5 on (Nitro 3), 1 before.
 * Read from the Nuxt the app resolves (an app inside a workspace may get it
 * from a folder above), else from the `nuxt` range in its package.json; 1 when
 * neither says.
 * @example
 * await detectH3Major('/app', { nuxt: '^4.2.0' }) // 1
 * await detectH3Major('/app', { nuxt: 'npm:nuxt-nightly@5.0.0-29830089.dc519522' }) // 2
 */
export async function detectH3Major(rootDir: string, dependencies: Record<string, string>): Promise<1 | 2> {
  const major = await installedNuxtMajor(rootDir) ?? majorOfRange(dependencies.nuxt)
  return major !== undefined && major >= 5 ? 2 : 1
}

async function installedNuxtMajor(rootDir: string): Promise<number | undefined> {
  try {
    const file = createRequire(join(rootDir, 'package.json')).resolve('nuxt/package.json')
    return majorOfRange((JSON.parse(await readFile(file, 'utf8')) as { version?: string }).version)
  }
  catch {
    return undefined
  }
}

// `^5.0.0`, `5.0.0-29830089.dc519522`, `npm:nuxt-nightly@5.0.0-…`: the first number after any alias
function majorOfRange(range: string | undefined): number | undefined {
  const digits = range?.replace(/^npm:[^@]+@/, '').match(/\d+/)?.[0]
  return digits === undefined ? undefined : Number(digits)
}
