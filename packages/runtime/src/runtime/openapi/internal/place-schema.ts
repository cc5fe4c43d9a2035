import type { JsonSchema } from '../types'

// draft-07's `definitions`, from a converter that cannot write 2020-12, are moved the same way
const DEFS_PREFIXES = ['#/$defs/', '#/definitions/']

/** A converted schema ready for the document: inline, and as a `$ref` when it refers to itself. */
export interface PlacedSchema {
  /** The schema with its `$schema` dropped and its references pointing into `components.schemas`. */
  inline: JsonSchema
  /** `{ $ref }` to the component holding the whole schema, when it refers to its own root. */
  ref?: JsonSchema
}

/**
 * Puts a JSON Schema from a library's converter into the document. Inside an
 * OpenAPI document `#` is the document's root, not the schema's, so `$defs`
 * move to `components.schemas` under `name_<def>` and every `#…` reference is
 * rewritten to them; a schema that refers to its own root (a recursive zod
 * schema gives `$ref: '#'`) is also kept whole as the component `name`.
 * @example
 * const { inline, ref } = placeSchema(converted, 'getApiTodosInput', document.components.schemas)
 */
export function placeSchema(schema: JsonSchema, name: string, components: Record<string, JsonSchema>): PlacedSchema {
  const { $schema: _dialect, $defs, definitions, ...root } = schema
  let refersToRoot = false
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite)
    if (!value || typeof value !== 'object') return value
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => {
      if (key !== '$ref' || typeof inner !== 'string' || !inner.startsWith('#')) return [key, rewrite(inner)]
      const prefix = DEFS_PREFIXES.find(candidate => inner.startsWith(candidate))
      if (prefix) {
        const [def = '', ...rest] = inner.slice(prefix.length).split('/')
        return [key, [`#/components/schemas/${componentName(name, def)}`, ...rest].join('/')]
      }
      refersToRoot = true
      return [key, `#/components/schemas/${name}${inner.slice(1)}`]
    }))
  }
  for (const defs of [$defs, definitions]) {
    if (!defs || typeof defs !== 'object') continue
    for (const [def, defSchema] of Object.entries(defs)) components[componentName(name, def)] = rewrite(defSchema) as JsonSchema
  }
  const inline = rewrite(root) as JsonSchema
  if (!refersToRoot) return { inline }
  components[name] = inline
  return { inline, ref: { $ref: `#/components/schemas/${name}` } }
}

/** Component names may hold only letters, digits, `.`, `_` and `-`. */
function componentName(name: string, def: string): string {
  return `${name}_${decodeURIComponent(def).replace(/[^\w.-]/g, '_')}`
}
