// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient module declarations, nothing to import at run time
/// <reference path="./virtual-modules.d.ts" />
import { routes } from '#action-route/openapi-routes'
import { options } from '#action-route/openapi-options'
import { generateOpenApiDocument } from './generate-document'
import type { ExcludedRoute, OpenApiDocument, OperationSource } from './types'

/** What the build-time endpoint answers: the document, each operation with the route file it came from, and the actions left out. */
export interface BuiltOpenApi {
  document: OpenApiDocument
  sources: OperationSource[]
  excluded: ExcludedRoute[]
}

/**
 * Made once, during `nuxi build`, by a route that exists only in Nitro's
 * prerender build (`env: 'prerender'`): the module reads the answer and puts the
 * document into the production output, so no schema is converted at run time.
 * @example
 * export default defineEventHandler(() => buildOpenApi())
 */
export function buildOpenApi(): Promise<BuiltOpenApi> {
  return generateOpenApiDocument(routes, options)
}
