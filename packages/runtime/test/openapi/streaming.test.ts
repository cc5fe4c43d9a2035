import { validate } from '@readme/openapi-parser'
import { createApp, createRouter, toWebHandler } from 'h3'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createActionError, defineAction } from '../../src/runtime/server/index'
import { generateOpenApiDocument } from '../../src/runtime/openapi/generate-document'
import type { OpenApiRouteEntry } from '../../src/runtime/openapi/generate-document'
import type { OpenApiDocument } from '../../src/runtime/openapi/types'
import { responseValidator } from './response-validator'
import { readEventStream, streamValidator } from './stream-validator'

// the tests read into the generated schemas freely
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any

function entry(route: string, method: string, handler: unknown): OpenApiRouteEntry {
  return { route, method, file: `/app/server/api${route}.${method}.ts`, load: async () => ({ default: handler }) }
}

const reply = defineAction({
  input: z.object({ prompt: z.string().min(1) }),
  eventSchema: z.object({ token: z.string() }),
  outputSchema: z.object({ tokens: z.number().int() }),
  errors: { QUOTA_EXCEEDED: { statusCode: 429, message: 'No tokens left' } },
  async* handler({ input }) {
    const words = input.prompt.split(' ')
    if (words[0] === 'quota') throw createActionError({ code: 'QUOTA_EXCEEDED', message: 'No tokens left', statusCode: 429 })
    for (const token of words) {
      if (token === 'late') throw createActionError({ code: 'QUOTA_EXCEEDED', message: 'No tokens left', statusCode: 429 })
      yield { token }
    }
    return { tokens: words.length }
  },
})
const feed = defineAction({
  async* handler() {
    yield 1
    yield 'two'
  },
})
const progress = defineAction({
  params: v.object({ id: v.string() }),
  eventSchema: v.optional(v.object({ done: v.number() })),
  async* handler() {
    yield { done: 1 }
  },
})
const plain = defineAction({ outputSchema: z.object({ ok: z.boolean() }), handler: () => ({ ok: true }) })

const routes = [entry('/api/reply', 'post', reply), entry('/api/feed', 'get', feed), entry('/api/jobs/:id/progress', 'get', progress), entry('/api/plain', 'post', plain)]

type Content = Record<string, { 'schema': Schema, 'x-action-route-stream'?: { event: Schema, end: Schema } }>
const contentOf = (document: OpenApiDocument, path: string, method: string, status: string) => document.paths[path]![method]!.responses[status]!.content as Content

describe('a streaming action in the OpenAPI document', async () => {
  const { document } = await generateOpenApiDocument(routes, { info: { title: 'Streams', version: '1.0.0' } })

  it('validates as OpenAPI 3.1 with @readme/openapi-parser (which refuses 3.2), the document staying 3.1.0', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
    // why the stream is not described with 3.2's itemSchema: the tools the document is checked with refuse 3.2
    await expect(validate({ ...structuredClone(document), openapi: '3.2.0' } as never)).rejects.toThrow('OpenAPI 3.2 is currently unsupported.')
  })

  it('answers text/event-stream on success: a string body, the event and end schemas in x-action-route-stream', () => {
    const success = document.paths['/api/reply']!.post!.responses['200']!
    expect(success.description).toMatch(/server-sent events[\s\S]*`end` event/)
    const content = success.content as Content
    expect(Object.keys(content)).toEqual(['text/event-stream'])
    expect(content['text/event-stream']!.schema).toMatchObject({ type: 'string' })
    const stream = content['text/event-stream']!['x-action-route-stream']!
    expect(stream.event).toEqual({ type: 'object', properties: { token: { type: 'string' } }, required: ['token'], additionalProperties: false })
    const [ended, failed] = stream.end.anyOf
    expect(ended.properties.data).toMatchObject({ type: 'object', properties: { tokens: { type: 'integer' } } })
    expect(failed.properties.error.properties.code).toEqual({ type: 'string', examples: ['INTERNAL_ERROR', 'OUTPUT_VALIDATION_ERROR', 'QUOTA_EXCEEDED'] })
  })

  it('keeps the failures before the first event as JSON with their status; output validation fails in the end event only', () => {
    const responses = document.paths['/api/reply']!.post!.responses
    expect(Object.keys(responses)).toEqual(['200', '400', '403', '413', '415', '422', '429', '500', 'default'])
    for (const status of ['400', '422', '429', '500', 'default']) expect(Object.keys(responses[status]!.content as object), status).toEqual(['application/json'])
    const code = (status: string) => (responses[status]!.content as Content)['application/json']!.schema.properties.error.properties.code
    expect(code('429')).toEqual({ type: 'string', enum: ['QUOTA_EXCEEDED', 'SERVER_ERROR'] })
    expect(code('500')).toEqual({ type: 'string', enum: ['INTERNAL_ERROR', 'SERVER_ERROR'] })
    // a plain action's 500 still lists its output validation
    expect((contentOf(document, '/api/plain', 'post', '500'))['application/json']!.schema.properties.error.properties.code.enum).toContain('OUTPUT_VALIDATION_ERROR')
  })

  it('says an event without eventSchema is whatever the handler yields, and the end data whatever it returns', () => {
    const stream = contentOf(document, '/api/feed', 'get', '200')['text/event-stream']!['x-action-route-stream']!
    expect(stream.event).toEqual({ description: expect.stringMatching(/No eventSchema/) })
    expect(stream.end.anyOf[0].properties.data).toEqual({ description: expect.stringMatching(/No outputSchema/) })
    expect(stream.end.anyOf[1].properties.error.properties.code.examples).toEqual(['INTERNAL_ERROR'])
    expect(document.paths['/api/feed']!.head!.responses['200']).toEqual({ description: expect.stringMatching(/server-sent events/) })
  })

  it('says an event may be null when the event schema allows undefined (valibot), and keeps params as path parameters', () => {
    const operation = document.paths['/api/jobs/{id}/progress']!.get!
    expect(operation.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }])
    const stream = contentOf(document, '/api/jobs/{id}/progress', 'get', '200')['text/event-stream']!['x-action-route-stream']!
    expect(stream.event.anyOf).toEqual([expect.objectContaining({ type: 'object' }), { type: 'null' }])
  })

  it('describes what the action sends: each event and the end, a success or a failure after the first event', async () => {
    const app = createApp().use(createRouter().post('/api/reply', reply).get('/api/feed', feed))
    const handle = toWebHandler(app)
    const post = (prompt: string) => handle(new Request('http://localhost/api/reply', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt }) }))
    const check = streamValidator(document)
    const streams = [await post('hello streamed world'), await post('one late'), await handle(new Request('http://localhost/api/feed'))]
    const read = await Promise.all(streams.map(async (response) => {
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
      return readEventStream(await response.text())
    }))
    expect(read[0]!.map(item => item.event)).toEqual(['message', 'message', 'message', 'end'])
    expect(read[1]!.at(-1)).toMatchObject({ event: 'end', data: { success: false, error: { code: 'QUOTA_EXCEEDED' } } })
    for (const [index, events] of read.entries()) {
      const [path, method] = index === 2 ? ['/api/feed', 'get'] : ['/api/reply', 'post']
      expect(check(path, method, 200, events), JSON.stringify(events)).toEqual([])
    }
    // a failure before the first event is the JSON envelope with its status, as listed
    const refused = await post('quota now')
    expect([refused.status, refused.headers.get('content-type')]).toEqual([429, expect.stringMatching(/^application\/json/)])
    expect(responseValidator(document)('/api/reply', 'post', 429, await refused.json())).toEqual([])
    // the check can fail
    expect(check('/api/reply', 'post', 200, [{ event: 'end', data: { success: true, data: 'not the output schema' } }])).not.toEqual([])
    expect(check('/api/reply', 'post', 200, [{ event: 'message', data: { token: 1 } }])).not.toEqual([])
  })
})
