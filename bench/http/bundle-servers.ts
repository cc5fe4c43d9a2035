import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/**
 * Bundles the server entry into one ESM file, the way Nitro ships a
 * production server: same bundler family, NODE_ENV=production inlined.
 */
export async function bundleServers(outDir: string): Promise<string> {
  const outfile = `${outDir}/serve.mjs`
  await build({
    entryPoints: [fileURLToPath(new URL('./serve.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.dev': 'false' },
  })
  return outfile
}
