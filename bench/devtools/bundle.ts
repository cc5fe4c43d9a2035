import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const serverEntry = fileURLToPath(new URL('../../packages/runtime/src/runtime/server/index.ts', import.meta.url))
const probeEntry = fileURLToPath(new URL('./list-routes.ts', import.meta.url))

async function bundle(entry: string, outfile: string, external: string[] = []): Promise<string> {
  await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning', external })
  return outfile
}

/**
 * Bundles the runtime's server entry (`defineAction`, `defineActionMiddleware`...) into one
 * ESM file for the generated route files to import, as Nitro's dev build bundles it for them.
 */
export function bundleRuntime(outfile: string): Promise<string> {
  return bundle(serverEntry, outfile)
}

/** Bundles `list-routes.ts` with the registry into one ESM file that plain Node runs; zod stays the app's own. */
export function bundleProbe(outfile: string): Promise<string> {
  return bundle(probeEntry, outfile, ['zod'])
}
