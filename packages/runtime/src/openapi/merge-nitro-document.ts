import type { BuiltOpenApi } from '../runtime/openapi/build-document'

/** The parts of Nitro's `/_openapi.json` this merge touches. */
export interface NitroDocument {
  paths?: Record<string, Record<string, unknown>>
  components?: { schemas?: Record<string, unknown>, [key: string]: unknown }
  [key: string]: unknown
}

/**
 * Nitro's document with every action's operations in place of the defaults
 * Nitro wrote for their files, and the actions' shared schemas in its
 * components: for `openAPI.production: 'prerender'`, where Nitro writes its
 * document during the prerender build.
 * @example
 * route.contents = JSON.stringify(mergeIntoNitroDocument(JSON.parse(route.contents), built))
 */
export function mergeIntoNitroDocument(nitroDocument: NitroDocument, built: BuiltOpenApi): NitroDocument {
  const paths = { ...nitroDocument.paths }
  for (const { path, method, operation } of built.sources) paths[path] = { ...paths[path], [method]: operation }
  const schemas = { ...nitroDocument.components?.schemas, ...built.document.components.schemas }
  return { ...nitroDocument, paths, components: { ...nitroDocument.components, schemas } }
}
