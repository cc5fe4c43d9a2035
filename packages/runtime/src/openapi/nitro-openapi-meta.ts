import type { BuiltOpenApi } from '../runtime/openapi/build-document'
import type { OperationSource } from '../runtime/openapi/types'

const META_PREFIX = '\0action-route-openapi-meta:'

/** The part of a Rollup plugin context this plugin uses. */
interface ResolveContext {
  resolve: (id: string, importer?: string, options?: Record<string, unknown>) => Promise<{ id: string } | null>
}

/**
 * A Rollup plugin for the production build that answers Nitro's route meta
 * (`<route file>?meta`, what `defineRouteMeta` gives Nitro's `/_openapi.json`)
 * for every action with its built operation, so the actions appear in Nitro's
 * document and its Scalar and Swagger pages. It runs before Nitro's own meta
 * plugin; a file that is not an action is left to Nitro. Nitro's meta is one per
 * file, so the file's own method's operation is used (GET for a file without
 * one), without `operationId` (Nitro repeats a GET file's meta for its HEAD
 * twin), and the shared schemas go once into Nitro's `$global.components`.
 * @example
 * config.plugins = [nitroOpenApiMeta(built), ...config.plugins]
 */
export function nitroOpenApiMeta(built: BuiltOpenApi) {
  const byFile = new Map<string, OperationSource>()
  for (const source of built.sources) {
    const known = byFile.get(source.file)
    // the file's own method: the first listed, which is GET for a .get file and for a file without a method
    if (!known) byFile.set(source.file, source)
  }
  let globalsGiven = false
  return {
    name: 'action-route:openapi-meta',
    async resolveId(this: ResolveContext, id: string, importer: string | undefined, options: Record<string, unknown>) {
      if (id.startsWith('\0') || !id.endsWith('?meta')) return null
      const resolved = await this.resolve(id.slice(0, -'?meta'.length), importer, { ...options, skipSelf: true })
      return resolved && byFile.has(resolved.id) ? META_PREFIX + resolved.id : null
    },
    load(id: string) {
      if (!id.startsWith(META_PREFIX)) return null
      const { operationId: _id, ...operation } = byFile.get(id.slice(META_PREFIX.length))!.operation
      const openAPI: Record<string, unknown> = { ...operation }
      if (!globalsGiven) {
        globalsGiven = true
        openAPI.$global = { components: built.document.components }
      }
      return `export default ${JSON.stringify({ openAPI })}`
    },
  }
}
