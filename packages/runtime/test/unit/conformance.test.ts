import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { z } from 'zod'
import { z as z3 } from 'zod/v3'
import * as v from 'valibot'
import { type } from 'arktype'
import type { TestServer } from '../helpers/serve'
import { call, postJson } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('conformance on $name', (host) => {
  interface LibrarySchemas {
    /** { title: non-empty string, done: boolean default false, tags?: { name: non-empty string }[] } */
    todo: StandardSchemaV1
    /** { page: query string coerced to an integer } */
    query: StandardSchemaV1
    /** { id: number, title: string }, dropping any other key */
    output: StandardSchemaV1
    /** output schemas that accept a handler returning nothing: void, undefined, an optional object */
    noData: Record<string, StandardSchemaV1>
  }

  const libraries: Record<string, LibrarySchemas> = {
    'zod 4': {
      todo: z.object({ title: z.string().min(1), done: z.boolean().default(false), tags: z.array(z.object({ name: z.string().min(1) })).optional() }),
      query: z.object({ page: z.coerce.number().int() }),
      output: z.object({ id: z.number(), title: z.string() }),
      noData: { void: z.void(), undefined: z.undefined(), optional: z.object({ id: z.number() }).optional() },
    },
    'zod 3 (zod/v3)': {
      todo: z3.object({ title: z3.string().min(1), done: z3.boolean().default(false), tags: z3.array(z3.object({ name: z3.string().min(1) })).optional() }),
      query: z3.object({ page: z3.coerce.number().int() }),
      output: z3.object({ id: z3.number(), title: z3.string() }),
      noData: { void: z3.void(), undefined: z3.undefined(), optional: z3.object({ id: z3.number() }).optional() },
    },
    'valibot': {
      todo: v.object({
        title: v.pipe(v.string(), v.minLength(1)),
        done: v.optional(v.boolean(), false),
        tags: v.optional(v.array(v.object({ name: v.pipe(v.string(), v.minLength(1)) }))),
      }),
      query: v.object({ page: v.pipe(v.string(), v.toNumber(), v.integer()) }),
      output: v.object({ id: v.number(), title: v.string() }),
      noData: { void: v.void(), undefined: v.undefined(), optional: v.optional(v.object({ id: v.number() })) },
    },
    'arktype': {
      todo: type({ 'title': 'string > 0', 'done': 'boolean = false', 'tags?': type({ name: 'string > 0' }).array() }),
      query: type({ page: 'string.integer.parse' }),
      // arktype keeps undeclared keys unless told to delete them
      output: type({ '+': 'delete', 'id': 'number', 'title': 'string' }),
      // arktype has no `void` keyword
      noData: { undefined: type('undefined'), optional: type({ id: 'number' }).or('undefined') },
    },
  }

  describe.each(Object.entries(libraries))('conformance: %s', (_name, schemas) => {
    let server: TestServer
    beforeAll(async () => {
      server = await host.serve({
        '/todos': host.defineAction({ input: schemas.todo, handler: ({ input }) => input }),
        '/list': host.defineAction({ input: schemas.query, handler: ({ input }) => input }),
        '/secret': host.defineAction({ outputSchema: schemas.output, handler: () => ({ id: 1, title: 'x', secret: 'hunter2' }) }),
        '/bad-output': host.defineAction({ outputSchema: schemas.output, handler: () => ({ id: 'one', title: 2 }) }),
        ...Object.fromEntries(Object.entries(schemas.noData).flatMap(([kind, schema]) => [
          [`/no-data/${kind}`, host.defineAction({ outputSchema: schema, handler: () => undefined })],
          [`/no-data-async/${kind}`, host.defineAction({ outputSchema: schema, handler: async () => {} })],
        ])),
      })
    })
    afterAll(() => server.close())

    it('passes the schema output, defaults applied', async () => {
      const { status, body } = await postJson(`${server.url}/todos`, { title: 'Write' })
      expect(status).toBe(200)
      expect(body).toEqual({ success: true, data: { title: 'Write', done: false } })
    })

    it('rejects with VALIDATION_ERROR 422 and one fieldErrors key per bad field', async () => {
      const { status, body } = await postJson(`${server.url}/todos`, { title: '', done: 'yes' })
      expect(status).toBe(422)
      expect(body.error.code).toBe('VALIDATION_ERROR')
      expect(Object.keys(body.error.fieldErrors).sort()).toEqual(['done', 'title'])
      for (const messages of Object.values(body.error.fieldErrors)) {
        expect(messages).toEqual([expect.any(String)])
      }
    })

    it('reports nested fields as dot paths', async () => {
      const { body } = await postJson(`${server.url}/todos`, { title: 'ok', tags: [{ name: 'a' }, { name: '' }] })
      expect(Object.keys(body.error.fieldErrors)).toEqual(['tags.1.name'])
    })

    it('reports a body that is not an object under _root', async () => {
      const { status, body } = await postJson(`${server.url}/todos`, 42)
      expect(status).toBe(422)
      expect(Object.keys(body.error.fieldErrors)).toEqual(['_root'])
    })

    it('coerces query strings when the schema asks for it', async () => {
      expect((await call(`${server.url}/list?page=3`)).body).toEqual({ success: true, data: { page: 3 } })
      const bad = await call(`${server.url}/list?page=three`)
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.body.error.fieldErrors)).toEqual(['page'])
    })

    it('keeps fields the output schema leaves out from the client', async () => {
      const { text, body } = await call(`${server.url}/secret`)
      expect(body).toEqual({ success: true, data: { id: 1, title: 'x' } })
      expect(text).not.toContain('hunter2')
    })

    it('validates a handler\'s undefined as undefined (void, undefined, optional output schemas) and answers data: null', async () => {
      for (const kind of Object.keys(schemas.noData)) {
        for (const route of [`/no-data/${kind}`, `/no-data-async/${kind}`]) {
          const { status, body } = await call(`${server.url}${route}`)
          expect({ route, status, body }).toEqual({ route, status: 200, body: { success: true, data: null } })
        }
      }
    })

    it('answers OUTPUT_VALIDATION_ERROR 500 with fieldErrors for a bad result', async () => {
      const { status, body } = await call(`${server.url}/bad-output`)
      expect(status).toBe(500)
      expect(body.error.code).toBe('OUTPUT_VALIDATION_ERROR')
      expect(Object.keys(body.error.fieldErrors).sort()).toEqual(['id', 'title'])
    })
  })
})
