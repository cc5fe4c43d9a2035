// Run in a fresh Node process by devtools/index.ts, bundled: loads a routes module the way a
// dev server holds it, then times the registry's listing, or only the import of the route files.
import { writeFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { describeRoutes } from '../../packages/runtime/src/runtime/devtools/registry'
import type { RouteEntry } from '../../packages/runtime/src/runtime/devtools/registry'

/** What one process measured: the first call (or the bare import) and the calls after it. */
export interface ListingSample {
  firstMs: number
  warmMs: number[]
  actions: number
  loadErrors: string[]
}

const [mode, routesModule, runtime, resultFile, warmRuns] = process.argv.slice(2) as [string, string, string, string, string]

// a running dev server has the runtime and zod loaded before anyone opens the tab
await import(pathToFileURL(runtime).href)
await import('zod')
const { routes } = await import(pathToFileURL(routesModule).href) as { routes: RouteEntry[] }

let started = performance.now()
const listing = mode === 'import'
  ? (await Promise.all(routes.map(entry => entry.load())), [])
  : await describeRoutes(routes)
const firstMs = performance.now() - started

const warmMs: number[] = []
for (let run = 0; mode !== 'import' && run < Number(warmRuns); run++) {
  started = performance.now()
  await describeRoutes(routes)
  warmMs.push(performance.now() - started)
}

const sample: ListingSample = {
  firstMs,
  warmMs,
  actions: listing.filter(route => route.isAction).length,
  loadErrors: listing.flatMap(route => route.loadError ? [route.loadError] : []),
}
await writeFile(resultFile, JSON.stringify(sample))
