import { generateOpenApiDocument } from './generate-document'
import type { OpenApiRouteEntry } from './generate-document'
import type { OpenApiDocumentOptions } from './types'

/** What Nitro reads from a route file's meta for its own `/_openapi.json`; `openAPI: false` is Action Route's mark for a file left out. */
export interface NitroRouteMeta {
  openAPI?: Record<string, unknown> | false
}

/**
 * In `nuxi dev` with Nitro's OpenAPI on: the Nitro route meta of one action
 * file, made from its schemas when Nitro's dev server loads its meta. Nitro's
 * meta is one per file: the file's own method's operation (GET for a file without
 * one), without `operationId` (Nitro repeats a GET file's meta for its HEAD twin),
 * and its schemas under Nitro's `$global.components`. An action the document
 * leaves out (`metadata.openapi: false`, or `options.exclude`) gets
 * `openAPI: false`, which takes it out of Nitro's document too.
 * @example
 * export default await nitroRouteMetaOf({ route: '/api/todos', method: 'get', file, load: () => import(file) }, options)
 */
export async function nitroRouteMetaOf(entry: OpenApiRouteEntry, options: Pick<OpenApiDocumentOptions, 'exclude'> = {}): Promise<NitroRouteMeta | null> {
  const { document, sources, excluded } = await generateOpenApiDocument([entry], { exclude: options.exclude })
  if (excluded.length > 0) return { openAPI: false }
  const first = sources[0]
  if (!first) return null
  const { operationId: _id, ...operation } = first.operation
  return { openAPI: { ...operation, $global: { components: document.components } } }
}
