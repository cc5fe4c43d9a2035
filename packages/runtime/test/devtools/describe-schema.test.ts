import type { StandardSchemaV1 } from '@standard-schema/spec'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeSchema } from '../../src/runtime/devtools/describe-schema'
import { defineAction } from '../../src/runtime/server'
import { describeRoutes } from '../../src/runtime/devtools/registry'
import type { RouteEntry } from '../../src/runtime/devtools/registry'
import { exampleFromSchema } from '../../../devtools/src/client/logic/example-from-schema'

// the tests read into the converted schemas freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any

/** Each library's schema of `{ n }`, a string on the way in that the schema turns into a number. */
const libraries: { name: string, vendor: string, parsesNumber: StandardSchemaV1, outputDate: StandardSchemaV1 }[] = [
  {
    name: 'zod 4',
    vendor: 'zod',
    parsesNumber: z.object({ n: z.string().transform(Number).pipe(z.number()) }),
    outputDate: z.object({ at: z.date() }),
  },
  {
    name: 'arktype',
    vendor: 'arktype',
    parsesNumber: type({ n: 'string.numeric.parse' }),
    outputDate: type({ at: 'Date' }),
  },
  {
    name: 'valibot with toStandardJsonSchema',
    vendor: 'valibot',
    parsesNumber: toStandardJsonSchema(v.object({ n: v.pipe(v.string(), v.transform(Number), v.number()) })),
    outputDate: toStandardJsonSchema(v.object({ at: v.date() })),
  },
  {
    name: 'valibot without it (the fallback)',
    vendor: 'valibot',
    parsesNumber: v.object({ n: v.pipe(v.string(), v.transform(Number), v.number()) }),
    outputDate: v.object({ at: v.date() }),
  },
]

describe.each(libraries)('describeSchema with $name', ({ vendor, parsesNumber, outputDate }) => {
  it('describes the input side for an input: what the client sends', async () => {
    const info = await describeSchema(parsesNumber, 'input')
    expect(info).toMatchObject({ vendor, jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['n'] } })
    expect((info!.jsonSchema as Schema).properties.n.type).toBe('string')
  })

  it('describes the output side for an output: what the handler\'s result becomes', async () => {
    const info = await describeSchema(parsesNumber, 'output')
    expect(info).toMatchObject({ vendor, jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' } })
    expect((info!.jsonSchema as Schema).properties.n).toEqual({ type: 'number' })
  })

  it('describes a Date in an output as the ISO string the answer carries', async () => {
    const info = await describeSchema(outputDate, 'output')
    expect((info!.jsonSchema as Schema).properties.at).toEqual({ type: 'string', format: 'date-time' })
  })
})

describe('describeSchema', () => {
  it('reads a default on the right side: optional in the input, always there in the output', async () => {
    for (const schema of [z.object({ topic: z.string().default('releases') }), type({ topic: 'string = "releases"' })]) {
      expect((await describeSchema(schema, 'input'))!.jsonSchema!.required ?? []).not.toContain('topic')
      expect((await describeSchema(schema, 'output'))!.jsonSchema!.required).toContain('topic')
    }
  })

  it('calls the schema\'s own Standard JSON Schema for valibot, with no fallback, asking for draft 2020-12', async () => {
    const wrapped = toStandardJsonSchema(v.object({ email: v.string() }))
    const calls: unknown[] = []
    const props = wrapped['~standard']
    const spied = { '~standard': { ...props, jsonSchema: { input: (options: unknown) => (calls.push(options), props.jsonSchema.input(options as never)), output: props.jsonSchema.output } } }
    const info = await describeSchema(spied, 'input')
    expect(calls).toEqual([{ target: 'draft-2020-12', libraryOptions: { errorMode: 'ignore' } }])
    expect(info).toEqual({ vendor: 'valibot', jsonSchema: props.jsonSchema.input({ target: 'draft-2020-12' }) })
  })

  it('describes a wrapped valibot schema whose pipe holds an action JSON Schema has no word for (v.trim)', async () => {
    const info = await describeSchema(toStandardJsonSchema(v.object({ email: v.pipe(v.string(), v.trim(), v.email()) })), 'input')
    expect(info!.note).toBeUndefined()
    expect((info!.jsonSchema as Schema).properties.email).toEqual({ type: 'string', format: 'email' })
  })

  it('says why when the library cannot express a schema, and when a library has no Standard JSON Schema', async () => {
    expect(await describeSchema(z.object({ at: z.date() }), 'input')).toMatchObject({ vendor: 'zod', jsonSchema: null, note: expect.stringMatching(/^zod could not express this schema/) })
    const custom = { '~standard': { version: 1, vendor: 'custom', validate: (value: unknown) => ({ value }) } } as const
    expect(await describeSchema(custom, 'input')).toEqual({ vendor: 'custom', jsonSchema: null, note: 'custom does not offer Standard JSON Schema (~standard.jsonSchema).' })
  })
})

describe('the DevTools registry and the composer', () => {
  const file = '/app/server/api/readings/[id].post.ts'
  const entry: RouteEntry = {
    method: 'post',
    route: '/api/readings/:id',
    file,
    relativeFile: file.slice(5),
    load: async () => ({
      default: defineAction({
        params: toStandardJsonSchema(v.object({ id: v.pipe(v.string(), v.transform(Number), v.number()) })),
        input: toStandardJsonSchema(v.object({ value: v.pipe(v.string(), v.transform(Number), v.number()) })),
        outputSchema: toStandardJsonSchema(v.object({ id: v.number(), value: v.number() })),
        handler: ({ params, input }) => ({ id: params.id, value: input.value }),
      }),
    }),
  }

  it('show params and input from the input side, output from the output side', async () => {
    const [route] = await describeRoutes([entry])
    expect((route!.action!.params!.jsonSchema as Schema).properties.id).toEqual({ type: 'string' })
    expect((route!.action!.input!.jsonSchema as Schema).properties.value).toEqual({ type: 'string' })
    expect((route!.action!.output!.jsonSchema as Schema).properties).toEqual({ id: { type: 'number' }, value: { type: 'number' } })
    // the composer's examples are made from those, so it offers what a client sends
    expect(exampleFromSchema(route!.action!.input!.jsonSchema)).toEqual({ value: 'string' })
    expect(exampleFromSchema(route!.action!.params!.jsonSchema)).toEqual({ id: 'string' })
  })
})
