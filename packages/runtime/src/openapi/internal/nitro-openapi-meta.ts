import { readFile } from 'node:fs/promises'
import type { BuiltOpenApi } from '../../runtime/openapi/build-document'
import type { OperationSource } from '../../runtime/openapi/types'

const META_PREFIX = '\0action-route-openapi-meta:'
/** The meta of an action left out of the document. */
const LEFT_OUT_META = 'export default { openAPI: false }'
/** Nitro's virtual module of every route file's meta: Nitro 2's, then Nitro 3's. */
const NITRO_HANDLERS_META = /#nitro-internal-virtual\/server-handlers-meta$|#nitro\/virtual\/routing-meta$/
const DROP_LEFT_OUT = 'for (let index = handlersMeta.length - 1; index >= 0; index--) if (handlersMeta[index].meta?.openAPI === false) handlersMeta.splice(index, 1)'

/** The part of a Rollup plugin context these plugins use. */
interface ResolveContext {
  resolve: (id: string, importer?: string, options?: Record<string, unknown>) => Promise<{ id: string } | null>
}

/** A scanned route file, as Nitro lists it. */
interface ScannedRoute {
  route?: string
  method?: string
  handler?: string
  middleware?: boolean
}

/**
 * A Rollup plugin for a production build that answers Nitro's route meta
 * (`<route file>?meta`, what `defineRouteMeta` gives Nitro's `/_openapi.json`)
 * for every action with its operation built at build time, so the actions
 * appear in Nitro's document and its Scalar and Swagger pages. Nitro's meta is
 * one per file: the file's own method's operation (GET for a file without one),
 * without `operationId` (Nitro repeats a GET file's meta for its HEAD twin); the
 * shared schemas go once into Nitro's `$global.components`. A file that calls
 * `defineRouteMeta` keeps Nitro's own. An action left out of the document
 * (`metadata.openapi: false`, `actionRoute.openapi.exclude`) is left out of Nitro's too.
 * @example
 * config.plugins = [builtNitroMeta(() => built), ...config.plugins]
 */
export function builtNitroMeta(getBuilt: () => BuiltOpenApi | undefined) {
  let byFile: Map<string, OperationSource> | undefined
  // read when the server is bundled: after Nitro's prerender step, which made the document
  const built = () => {
    const document = getBuilt()
    if (!document) throw new Error('[action-route] the OpenAPI document was not made: Nitro\'s prerender step did not run before the server was bundled (is `noPublicDir` set?)')
    return document
  }
  const sourcesByFile = () => {
    if (byFile) return byFile
    byFile = new Map()
    // the first listed is the file's own method: GET for a .get file and for a file without a method
    for (const source of built().sources) if (!byFile.has(source.file)) byFile.set(source.file, source)
    return byFile
  }
  const excludedFiles = () => new Set(built().excluded.map(entry => entry.file))
  let globalsGiven = false
  return metaPlugin(file => sourcesByFile().has(file) || excludedFiles().has(file), (file) => {
    if (!sourcesByFile().has(file)) return LEFT_OUT_META
    const { operationId: _id, ...operation } = sourcesByFile().get(file)!.operation
    const openAPI: Record<string, unknown> = { ...operation }
    if (!globalsGiven) {
      globalsGiven = true
      openAPI.$global = { components: built().document.components }
    }
    return `export default ${JSON.stringify({ openAPI })}`
  })
}

/**
 * The same for `nuxi dev`: the meta of each action file is made when Nitro's
 * dev server loads it (`nitroRouteMetaOf` in `runtime/openapi/nitro-route-meta`),
 * so it follows edits; a route file that is not an action gets no meta, as without `defineRouteMeta`,
 * and an action left out of the document (`metadata.openapi: false`, `actionRoute.openapi.exclude`, read from
 * `#action-route/openapi-options`) is left out of Nitro's too.
 * @example
 * config.plugins = [devNitroMeta(() => nitro.scannedHandlers, resolver.resolve('./runtime/openapi/nitro-route-meta')), ...config.plugins]
 */
export function devNitroMeta(scanned: () => readonly ScannedRoute[], runtimeModule: string) {
  const routeOf = (file: string) => scanned().find(entry => entry.handler === file && !entry.middleware && entry.route && entry.method !== 'head')
  // any route file may be an action (a builder chain imported from server/utils names neither function): the runtime decides
  return metaPlugin(file => !!routeOf(file), (file) => {
    const { route, method = '' } = routeOf(file)!
    return [
      `import { nitroRouteMetaOf } from ${JSON.stringify(runtimeModule)}`,
      `import { options } from '#action-route/openapi-options'`,
      `export default await nitroRouteMetaOf({ route: ${JSON.stringify(route)}, method: ${JSON.stringify(method)}, file: ${JSON.stringify(file)}, load: () => import(${JSON.stringify(file)}) }, options)`,
    ].join('\n')
  })
}

function metaPlugin(isAction: (file: string) => boolean | Promise<boolean>, render: (file: string) => string) {
  return {
    name: 'action-route:openapi-meta',
    // Nitro lists every route file in its document, whatever its meta says: its list of the files' metas
    // (`handlersMeta`, the same on Nitro 2 and 3) drops the ones marked `openAPI: false` as it loads
    transform(code: string, id: string) {
      if (!NITRO_HANDLERS_META.test(id) || !code.includes('export const handlersMeta')) return null
      return { code: `${code}\n${DROP_LEFT_OUT}`, map: null }
    },
    async resolveId(this: ResolveContext, id: string, importer: string | undefined, options: Record<string, unknown>) {
      if (id.startsWith('\0') || !id.endsWith('?meta')) return null
      const resolved = await this.resolve(id.slice(0, -'?meta'.length), importer, { ...options, skipSelf: true })
      if (!resolved || !await isAction(resolved.id)) return null
      // a file with its own defineRouteMeta keeps what it says
      if ((await readFile(resolved.id, 'utf8').catch(() => '')).includes('defineRouteMeta')) return null
      return META_PREFIX + resolved.id
    },
    load(id: string) {
      return id.startsWith(META_PREFIX) ? render(id.slice(META_PREFIX.length)) : null
    },
  }
}
