import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { JsonSchema, SchemaInfo } from '@action-route/devtools/types'

/** Standard JSON Schema (the `~standard.jsonSchema` converter that zod 4.2+ and arktype 2.1.28+ carry). */
interface StandardJsonSchemaProps {
  jsonSchema?: {
    input?: (options: { target: string, libraryOptions?: Record<string, unknown> }) => JsonSchema
    output?: (options: { target: string, libraryOptions?: Record<string, unknown> }) => JsonSchema
  }
}

/** The part of a zod 4 schema its JSON Schema hooks hand over. */
interface ZodSchemaLike {
  _zod?: { def?: { type?: string } }
}

/**
 * zod's own options for an output schema: a `z.date()` leaves the server as
 * the ISO string `Date#toJSON` writes, so it is described as that string
 * instead of being left unrepresentable. Other libraries get no options.
 */
function outputOptionsFor(vendor: string, io: 'input' | 'output'): Record<string, unknown> | undefined {
  if (vendor !== 'zod' || io !== 'output') return undefined
  const isDate = (schema: ZodSchemaLike) => schema._zod?.def?.type === 'date'
  return {
    unrepresentable: ({ zodSchema }: { zodSchema: ZodSchemaLike }) => isDate(zodSchema) ? 'any' : 'throw',
    override: ({ zodSchema, jsonSchema }: { zodSchema: ZodSchemaLike, jsonSchema: Record<string, unknown> }) => {
      if (isDate(zodSchema)) Object.assign(jsonSchema, { type: 'string', format: 'date-time' })
    },
  }
}

type ValibotConverter = (schema: unknown, options?: Record<string, unknown>) => JsonSchema
let valibotConverter: Promise<ValibotConverter | undefined> | undefined

/** @valibot/to-json-schema when the app has it; a variable specifier, so no bundler insists on it. */
function loadValibotConverter(): Promise<ValibotConverter | undefined> {
  const specifier = '@valibot/to-json-schema'
  return valibotConverter ??= import(/* @vite-ignore */ specifier)
    .then((mod: { toJsonSchema?: ValibotConverter }) => mod.toJsonSchema)
    .catch(() => undefined)
}

/**
 * The vendor and JSON Schema of a Standard Schema, for the panel. Never
 * throws: a schema the converter cannot express (a transform, a custom
 * check) gives `jsonSchema: null` and a note saying why.
 */
export async function describeSchema(schema: StandardSchemaV1 | undefined, io: 'input' | 'output'): Promise<SchemaInfo | undefined> {
  if (!schema) return undefined
  const props = schema['~standard'] as StandardSchemaV1.Props & StandardJsonSchemaProps
  const vendor = String(props.vendor ?? 'unknown')
  const convert = props.jsonSchema?.[io]
  if (typeof convert === 'function') {
    try {
      const libraryOptions = outputOptionsFor(vendor, io)
      return { vendor, jsonSchema: convert({ target: 'draft-2020-12', ...(libraryOptions && { libraryOptions }) }) }
    }
    catch (error) {
      return { vendor, jsonSchema: null, note: `${vendor} could not express this schema as JSON Schema: ${messageOf(error)}` }
    }
  }
  if (vendor === 'valibot') {
    const toJsonSchema = await loadValibotConverter()
    if (!toJsonSchema) return { vendor, jsonSchema: null, note: 'Install @valibot/to-json-schema in the app to see this schema.' }
    try {
      // the dialect of OpenAPI 3.1 and of the other libraries' Standard JSON Schema (the converter's default is draft-07)
      return { vendor, jsonSchema: toJsonSchema(schema, { errorMode: 'ignore', typeMode: io, target: 'draft-2020-12' }) }
    }
    catch (error) {
      return { vendor, jsonSchema: null, note: `@valibot/to-json-schema failed: ${messageOf(error)}` }
    }
  }
  return { vendor, jsonSchema: null, note: `${vendor} does not offer Standard JSON Schema (~standard.jsonSchema).` }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
