import { generateOpenApiDocument } from './generate-document'
import type { OpenApiRouteEntry } from './generate-document'

/** What Nitro reads from a route file's meta for its own `/_openapi.json`. */
export interface NitroRouteMeta {
  openAPI?: Record<string, unknown>
}

/**
 * In `nuxi dev` with Nitro's OpenAPI on: the Nitro route meta of one action
 * file, made from its schemas when Nitro's dev server loads its meta. Nitro's
 * meta is one per file: the file's own method's operation (GET for a file without
 * one), without `operationId` (Nitro repeats a GET file's meta for its HEAD twin),
 * and its schemas under Nitro's `$global.components`.
 * @example
 * export default await nitroRouteMetaOf({ route: '/api/todos', method: 'get', file, load: () => import(file) })
 */
export async function nitroRouteMetaOf(entry: OpenApiRouteEntry): Promise<NitroRouteMeta | null> {
  const { document, sources } = await generateOpenApiDocument([entry])
  const first = sources[0]
  if (!first) return null
  const { operationId: _id, ...operation } = first.operation
  return { openAPI: { ...operation, $global: { components: document.components } } }
}
