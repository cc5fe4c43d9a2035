import type { Nuxt } from '@nuxt/schema'
import { relative } from 'pathe'

const ROUTE_FILE = /\.(?:m?[jt]s|[jt]sx)$/
const MARK = 'import { enterRouteFile as __actionRouteFile }'

/** The part of a Rollup (or Rolldown) plugin this needs. */
interface TransformPlugin {
  name: string
  transform: (code: string, id: string) => { code: string, map: null } | undefined
}

/**
 * The build plugin that marks each server route file while its module body
 * runs: one line before its code names the file, one after clears it. An
 * action whose options are wrong then fails only its own route and its log
 * names the file; Rollup's bundle otherwise met a throw at module load, named
 * no file, and left every other route failing too. The line before is on
 * the file's first line, so the lines of the file keep their numbers.
 * @example
 * markRouteFiles(['/app/server'], '/app', '/module/runtime/server/lifecycle/route-file')
 */
export function markRouteFiles(serverDirs: string[], rootDir: string, markerModule: string): TransformPlugin {
  const folders = serverDirs.flatMap(dir => [`${dir}/api/`, `${dir}/routes/`])
  return {
    name: 'action-route:mark-route-files',
    transform(code, id) {
      const file = id.split('?')[0]!
      if (!ROUTE_FILE.test(file) || file.endsWith('.d.ts') || !folders.some(folder => file.startsWith(folder))) return undefined
      // Nitro 3 hands its Rolldown build the plugins of rollupConfig and rolldownConfig both: mark a file once
      if (code.startsWith(MARK)) return undefined
      const before = `${MARK} from ${JSON.stringify(markerModule)};__actionRouteFile(${JSON.stringify(relative(rootDir, file))});`
      return { code: `${before}${code}\n;__actionRouteFile(undefined);\n`, map: null }
    },
  }
}

/**
 * Adds `markRouteFiles` to the app's Nitro build (Rollup's, and Rolldown's
 * where Nitro uses it).
 * @example
 * setupRouteFileMarks(nuxt, ['/app/server'], resolver.resolve('./runtime/server/lifecycle/route-file'))
 */
export function setupRouteFileMarks(nuxt: Nuxt, serverDirs: string[], markerModule: string): void {
  const hook = nuxt.hook as unknown as (name: 'nitro:config', run: (config: Record<string, { plugins?: unknown } | undefined>) => void) => void
  hook('nitro:config', (config) => {
    const plugin = markRouteFiles(serverDirs, nuxt.options.rootDir, markerModule)
    for (const key of ['rollupConfig', 'rolldownConfig']) {
      const bundler = config[key] ??= {}
      bundler.plugins = [...[bundler.plugins ?? []].flat(), plugin]
    }
  })
}
