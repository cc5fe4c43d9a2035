// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient module declarations, nothing to import at run time
/// <reference path="./virtual-modules.d.ts" />
import { routes } from '#action-route/devtools-routes'
import { options } from '#action-route/openapi-options'
import { generateOpenApiDocument } from './generate-document'
import type { OpenApiDocument } from './types'

/**
 * The document as `nuxi dev` serves it under `/__action-route/api/openapi.json`:
 * made again on each request from the route files as they are now, so it
 * follows every edit. Without configured servers it names the app's base URL.
 * The actions `actionRoute.openapi.exclude` matches are left out, as in a build.
 * @example
 * export default defineEventHandler(() => devOpenApiDocument())
 */
export async function devOpenApiDocument(): Promise<OpenApiDocument> {
  const { document } = await generateOpenApiDocument(routes, {
    info: { title: 'Actions', version: 'development', ...options.info },
    servers: options.servers && options.servers.length > 0 ? options.servers : [{ url: options.appBase, description: 'This dev server' }],
    exclude: options.exclude,
  })
  return document
}
