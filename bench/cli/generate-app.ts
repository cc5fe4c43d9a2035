import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Writes a bare Nuxt app (config, package.json with nuxt and zod, empty server/api) for the CLIs to write into; `dir` is emptied first. */
export async function generateCliApp(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  await mkdir(join(dir, 'server/api'), { recursive: true })
  await writeFile(join(dir, 'nuxt.config.ts'), `export default defineNuxtConfig({
  devtools: { enabled: false },
  telemetry: false,
  compatibilityDate: '2025-07-15',
})
`)
  const packageJson = { name: 'bench-cli-app', private: true, type: 'module', dependencies: { nuxt: '4.4.2', zod: '^4.6.7' } }
  await writeFile(join(dir, 'package.json'), JSON.stringify(packageJson, null, 2) + '\n')
}
