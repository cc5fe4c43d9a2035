import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../helpers/serve'
import { call, postJson } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

// Every option createActionClient accepts must reach each action the builder finishes, whatever the
// builder does after it (.use(), .metadata(), .handleServerError()...).
describe.each(hosts)('createActionClient options on $name', (host) => {
  const trail = (name: string) => host.defineActionMiddleware(name, async ({ ctx, next }) => next({ ctx: { trail: [...((ctx.trail as string[] | undefined) ?? []), name] } }))
  const readArea = host.defineActionMiddleware('read-area', async ({ metadata, next }) => next({ ctx: { area: metadata.area } }))
  const limits = { maxBodySize: 64, maxFormFields: 2, maxFormFiles: 0, maxJsonDepth: 1 }
  const client = host.createActionClient({
    middleware: [trail('first'), trail('second')],
    metadata: { area: 'todos' },
    handleServerError: error => ({ code: 'MAPPED', message: error.message, statusCode: 503 }),
    ...limits,
  })
  const built = client.use(trail('used')).use(readArea).metadata({ roles: ['admin'] })
  let server: TestServer
  beforeAll(async () => {
    server = await host.serve({
      '/ctx': built.handler(({ ctx }) => ctx),
      '/throws': built.handler(() => {
        throw new Error('Database is down')
      }),
      '/echo': built.handler(({ input }) => input),
    })
  })
  afterAll(() => server.close())

  it('runs the middleware option before .use() middleware, with the context each adds', async () => {
    const { status, body } = await call(`${server.url}/ctx`)
    expect(status).toBe(200)
    expect(body.data).toEqual({ trail: ['first', 'second', 'used'], area: 'todos' })
  })

  it('keeps the middleware option on the action\'s definition, ahead of .use() middleware', () => {
    const names = built.handler(() => null)['~action'].middleware.map(middleware => middleware.name)
    expect(names).toEqual(['first', 'second', 'used', 'read-area'])
  })

  it('keeps handleServerError, metadata and the input limits given as options', async () => {
    expect((await call(`${server.url}/throws`)).body.error).toEqual({ code: 'MAPPED', message: 'Database is down', statusCode: 503 })
    const definition = built.handler(() => null)['~action']
    expect(definition.metadata).toEqual({ area: 'todos', roles: ['admin'] })
    expect(definition).toMatchObject(limits)
    const deep = await postJson(`${server.url}/echo`, { a: { b: 1 } })
    expect(deep.status).toBe(413)
    const big = await postJson(`${server.url}/echo`, { text: 'x'.repeat(100) })
    expect(big.status).toBe(413)
  })

  it('refuses a middleware option that is not an array of functions, when the client is made', () => {
    expect(() => host.createActionClient({ middleware: ['auth'] as never })).toThrow(TypeError)
    expect(() => host.createActionClient({ middleware: (async () => undefined) as never })).toThrow(TypeError)
  })
})
