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

/** Each client module's rendered length in bytes (before minification), by module id, as the build wrote it. */
export async function readClientModules(dir: string): Promise<Record<string, number>> {
  return JSON.parse(await readFile(join(dir, modulesReportFile), 'utf8')) as Record<string, number>
}
