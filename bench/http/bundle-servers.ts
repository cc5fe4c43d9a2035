import { fileURLToPath } from 'node:url'
import { bundleEntry } from '../lib/bundle-entry'

/** Bundles the server entry into one ESM file, as Nitro would ship it. */
export function bundleServers(outDir: string): Promise<string> {
  return bundleEntry(fileURLToPath(new URL('./serve.ts', import.meta.url)), `${outDir}/serve.mjs`)
}
