import { validate } from '@readme/openapi-parser'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineAction } from '../../src/runtime/server/index'
import { generateOpenApiDocument } from '../../src/runtime/openapi/generate-document'
import type { OpenApiRouteEntry } from '../../src/runtime/openapi/generate-document'
import { UNREPRESENTABLE } from '../../src/runtime/openapi/types'

// the tests read into the generated schemas freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any

function entry(route: string, handler: unknown): OpenApiRouteEntry {
  return { route, method: 'post', file: `/app/server/api${route}.post.ts`, load: async () => ({ default: handler }) }
}

// each library's `[id].post.ts` whose params, input and output turn a string into a number: the sides differ
const routes = [
  entry('/api/zod/:id', defineAction({
    params: z.object({ id: z.string().transform(Number).pipe(z.number()) }),
    input: z.object({ value: z.string().transform(Number).pipe(z.number()), unit: z.string().default('C') }),
    outputSchema: z.object({ value: z.string().transform(Number).pipe(z.number()), at: z.date() }),
    handler: ({ input }) => ({ value: String(input.value), at: new Date() }),
  })),
  entry('/api/arktype/:id', defineAction({
    params: type({ id: 'string.numeric.parse' }),
    input: type({ value: 'string.numeric.parse', unit: 'string = "C"' }),
    outputSchema: type({ value: 'string.numeric.parse', at: 'Date' }),
    handler: ({ input }) => ({ value: String(input.value), at: new Date() }),
  })),
  entry('/api/valibot/:id', defineAction({
    params: toStandardJsonSchema(v.object({ id: v.pipe(v.string(), v.transform(Number), v.number()) })),
    input: toStandardJsonSchema(v.object({ value: v.pipe(v.string(), v.trim(), v.transform(Number), v.number()), unit: v.optional(v.string(), 'C') })),
    outputSchema: toStandardJsonSchema(v.object({ value: v.pipe(v.string(), v.transform(Number), v.number()), at: v.date() })),
    handler: ({ input }) => ({ value: String(input.value), at: new Date() }),
  })),
]

describe('schemas read through Standard JSON Schema', async () => {
  const { document } = await generateOpenApiDocument(routes)
  const operation = (library: string) => document.paths[`/api/${library}/{id}`]!.post!

  it.each(['zod', 'arktype', 'valibot'])('%s: the request body and path params are the input side, data the output side', (library) => {
    const body = (operation(library).requestBody as { content: Record<string, { schema: Schema }> }).content['application/json']!.schema
    const id = (operation(library).parameters as Schema[]).find(parameter => parameter.in === 'path').schema
    const data = (operation(library).responses['200']!.content as Record<string, { schema: Schema }>)['application/json']!.schema.properties.data
    expect(body.properties.value).toMatchObject({ type: 'string' })
    expect(body.required).toEqual(['value'])
    expect(id).toMatchObject({ type: 'string' })
    expect(data.properties.value).toEqual({ type: 'number' })
    expect(data.properties.at).toEqual({ type: 'string', format: 'date-time' })
  })

  it('leaves nothing unrepresentable, valibot\'s v.trim() included, and validates as OpenAPI 3.1', async () => {
    expect(JSON.stringify(document)).not.toContain(UNREPRESENTABLE)
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
  })
})
