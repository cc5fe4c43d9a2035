import type { BuiltOpenApi } from '../../runtime/openapi/build-document'

/** The parts of Nitro's `/_openapi.json` this merge touches. */
export interface NitroDocument {
  paths?: Record<string, Record<string, unknown>>
  components?: { schemas?: Record<string, unknown>, [key: string]: unknown }
  [key: string]: unknown
}

/**
 * Nitro's document with every action's operations in place of the defaults
 * Nitro wrote for their files, the actions' shared schemas in its components,
 * and the actions left out of Action Route's document taken out of Nitro's
 * too: for `openAPI.production: 'prerender'`, where Nitro writes its document
 * during the prerender build.
 * @example
 * route.contents = JSON.stringify(mergeIntoNitroDocument(JSON.parse(route.contents), built))
 */
export function mergeIntoNitroDocument(nitroDocument: NitroDocument, built: BuiltOpenApi): NitroDocument {
  let paths: NonNullable<NitroDocument['paths']> = { ...nitroDocument.paths }
  for (const { path, method, operation } of built.sources) paths[path] = { ...paths[path], [method]: operation }
  for (const { path, methods } of built.excluded ?? []) {
    if (paths[path]) paths[path] = Object.fromEntries(Object.entries(paths[path]).filter(([method]) => !methods.includes(method)))
  }
  // a path whose every method was left out goes too
  paths = Object.fromEntries(Object.entries(paths).filter(([, operations]) => Object.keys(operations).length > 0))
  const schemas = { ...nitroDocument.components?.schemas, ...built.document.components.schemas }
  return { ...nitroDocument, paths, components: { ...nitroDocument.components, schemas } }
}
