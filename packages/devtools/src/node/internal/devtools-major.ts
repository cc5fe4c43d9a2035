import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * The major of the Nuxt DevTools this app runs, read from the `@nuxt/devtools` package next
 * to Nuxt (`appDir` sits inside Nuxt's own package, so a strict pnpm layout finds it too) or in
 * the app; `undefined` when none is installed.
 * @example
 * devtoolsMajorNear([nuxt.options.appDir, nuxt.options.rootDir]) // 4 on Nuxt 5, 3 on Nuxt 4
 */
export function devtoolsMajorNear(folders: readonly string[]): number | undefined {
  for (const start of folders) {
    for (let folder = start; ; folder = dirname(folder)) {
      const manifest = join(folder, 'node_modules/@nuxt/devtools/package.json')
      if (existsSync(manifest)) {
        const major = Number.parseInt(String((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version), 10)
        if (!Number.isNaN(major)) return major
      }
      if (dirname(folder) === folder) break
    }
  }
  return undefined
}
