import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { modulesReportFile } from './generate-app'

/** The client's JavaScript as shipped: file count, raw bytes and the sum of each file's gzip size. */
export interface ClientBundleSize {
  files: number
  rawBytes: number
  gzipBytes: number
}

/** Sums every `.js` file under `.output/public/_nuxt`, each gzipped alone at level 9 as a server would send it. */
export async function measureClientBundle(dir: string): Promise<ClientBundleSize> {
  const assets = join(dir, '.output/public/_nuxt')
  const names = (await readdir(assets, { recursive: true })).filter(name => name.endsWith('.js'))
  let rawBytes = 0
  let gzipBytes = 0
  for (const name of names) {
    const contents = await readFile(join(assets, name))
    rawBytes += contents.length
    gzipBytes += gzipSync(contents, { level: 9 }).length
  }
  return { files: names.length, rawBytes, gzipBytes }
}

/**
 * Each client module's rendered length in bytes (before minification), as the build wrote it,
 * by module id with the app's folder written `<app>`, so that ids match between apps.
 */
export async function readClientModules(dir: string): Promise<Record<string, number>> {
  const modules = JSON.parse(await readFile(join(dir, modulesReportFile), 'utf8')) as Record<string, number>
  return Object.fromEntries(Object.entries(modules).map(([id, bytes]) => [decodeId(id).replaceAll(dir, '<app>'), bytes]))
}

// Nuxt's virtual ids carry their path URI-encoded
function decodeId(id: string): string {
  try {
    return decodeURIComponent(id)
  }
  catch {
    return id
  }
}
