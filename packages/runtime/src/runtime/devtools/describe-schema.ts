import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { JsonSchema, SchemaInfo } from '@action-route/devtools/types'

/** The options of a Standard JSON Schema converter: a target, and the library's own options. */
interface StandardJsonOptions {
  target: 'draft-2020-12'
  libraryOptions?: Record<string, unknown>
}

/**
 * Standard JSON Schema: the `~standard.jsonSchema` converter that zod 4.2+
 * and arktype 2.1.28+ carry, and valibot's `toStandardJsonSchema` adds.
 */
interface StandardJsonSchemaProps {
  jsonSchema?: {
    input?: (options: StandardJsonOptions) => JsonSchema
    output?: (options: StandardJsonOptions) => JsonSchema
  }
}

/** What a Standard Schema carries, Standard JSON Schema included when the library has it. */
type SchemaProps = StandardSchemaV1.Props & StandardJsonSchemaProps

/** A `Date` leaves the server as the ISO string `Date#toJSON` writes, and is described as that. */
const DATE_TIME = { type: 'string', format: 'date-time' }

/** The part of a zod 4 schema its JSON Schema hooks hand over. */
interface ZodSchemaLike {
  _zod?: { def?: { type?: string } }
}

/**
 * Each library's own options for one side. An output `Date` is described as
 * the string the wire carries instead of being left unrepresentable (zod
 * throws on it, arktype and valibot leave it open). valibot refuses a whole
 * schema for one action JSON Schema has no word for (`v.trim()`, `v.check()`)
 * unless told to leave that action out, as zod and arktype do with refinements.
 */
function libraryOptionsFor(vendor: string, io: 'input' | 'output'): Record<string, unknown> | undefined {
  if (vendor === 'zod') {
    if (io !== 'output') return undefined
    const isDate = (schema: ZodSchemaLike) => schema._zod?.def?.type === 'date'
    return {
      unrepresentable: ({ zodSchema }: { zodSchema: ZodSchemaLike }) => isDate(zodSchema) ? 'any' : 'throw',
      override: ({ zodSchema, jsonSchema }: { zodSchema: ZodSchemaLike, jsonSchema: Record<string, unknown> }) => {
        if (isDate(zodSchema)) Object.assign(jsonSchema, DATE_TIME)
      },
    }
  }
  if (vendor === 'arktype') {
    return io === 'output' ? { fallback: { date: ({ base }: { base: JsonSchema }) => ({ ...base, ...DATE_TIME }) } } : undefined
  }
  if (vendor === 'valibot') {
    return {
      errorMode: 'ignore',
      ...(io === 'output' && { overrideSchema: ({ valibotSchema }: { valibotSchema: { type?: string } }) => valibotSchema.type === 'date' ? { ...DATE_TIME } : undefined }),
    }
  }
  return undefined
}

type ValibotWrapper = (schema: unknown) => { '~standard': SchemaProps }
let valibotWrapper: Promise<ValibotWrapper | undefined> | undefined

/** `toStandardJsonSchema` of @valibot/to-json-schema when the app has it; a variable specifier, so no bundler insists on it. */
function loadValibotWrapper(): Promise<ValibotWrapper | undefined> {
  const specifier = '@valibot/to-json-schema'
  return valibotWrapper ??= import(/* @vite-ignore */ specifier)
    .then((mod: { toStandardJsonSchema?: ValibotWrapper }) => mod.toStandardJsonSchema)
    .catch(() => undefined)
}

/**
 * The vendor and JSON Schema (draft 2020-12) of a Standard Schema: the one
 * converter of the DevTools panel, the composer's examples and the OpenAPI
 * document. It reads Standard JSON Schema, `~standard.jsonSchema.input` for
 * an input or params schema and `.output` for an output or event schema. A
 * valibot schema without it (not wrapped with `toStandardJsonSchema`) is
 * wrapped here when the app has `@valibot/to-json-schema`. Never throws: a
 * schema the library cannot express (a transform, a custom type) gives
 * `jsonSchema: null` and a note saying why.
 * @example
 * await describeSchema(z.object({ n: z.string().transform(Number).pipe(z.number()) }), 'output')
 * // { vendor: 'zod', jsonSchema: { type: 'object', properties: { n: { type: 'number' } }, ... } }
 */
export async function describeSchema(schema: StandardSchemaV1 | undefined, io: 'input' | 'output'): Promise<SchemaInfo | undefined> {
  if (!schema) return undefined
  let props = schema['~standard'] as SchemaProps
  const vendor = String(props.vendor ?? 'unknown')
  if (typeof props.jsonSchema?.[io] !== 'function' && vendor === 'valibot') {
    const wrap = await loadValibotWrapper()
    if (!wrap) return { vendor, jsonSchema: null, note: 'Wrap the schema with toStandardJsonSchema from @valibot/to-json-schema to see it.' }
    props = wrap(schema)['~standard']
  }
  const convert = props.jsonSchema?.[io]
  if (typeof convert !== 'function') return { vendor, jsonSchema: null, note: `${vendor} does not offer Standard JSON Schema (~standard.jsonSchema).` }
  try {
    const libraryOptions = libraryOptionsFor(vendor, io)
    return { vendor, jsonSchema: convert({ target: 'draft-2020-12', ...(libraryOptions && { libraryOptions }) }) }
  }
  catch (error) {
    return { vendor, jsonSchema: null, note: `${vendor} could not express this schema as JSON Schema: ${error instanceof Error ? error.message : String(error)}` }
  }
}
