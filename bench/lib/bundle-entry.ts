import { build } from 'esbuild'
import type { BuildOptions } from 'esbuild'

/**
 * Bundles one entry into one ESM file, the way Nitro ships a production server:
 * same bundler family, NODE_ENV=production inlined. Resolves to the file written.
 */
export async function bundleEntry(entry: string, outfile: string, extra: Pick<BuildOptions, 'alias' | 'nodePaths'> = {}): Promise<string> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.dev': 'false' },
    ...extra,
  })
  return outfile
}
