import { ESLint } from 'eslint'
import { join } from 'pathe'
import { describe, expect, it } from 'vitest'
import type { SchemaLibrary } from '../../../templates/types'
import { createAction } from '../src'
import { add, createApp, printed } from './helpers'

const eventSchemas: Record<Exclude<SchemaLibrary, 'none'>, string> = {
  zod: 'eventSchema: z.object({\n    index: z.number().int(),\n    text: z.string(),\n  }),',
  valibot: 'eventSchema: v.object({\n    index: v.pipe(v.number(), v.integer()),\n    text: v.string(),\n  }),',
  arktype: 'eventSchema: type({\n    index: \'number.integer\',\n    text: \'string\',\n  }),',
}

const generator = [
  '  async* handler({ params, input, ctx, signal }) {',
  '    // TODO: replace with the real work: each yield is one event, sent as soon as the client can take it.',
  '    // Pass signal on to what you call (fetch, an AI SDK): it aborts when the client goes away.',
  '    const words = [\'Hello\', \'from\', \'a\', \'streamed\', \'reply\']',
  '    for (const [index, text] of words.entries()) {',
  '      await new Promise(resolve => setTimeout(resolve, 200))',
  '      if (signal.aborted) break',
].join('\n')
const neverCtx = '    // Send the fields you mean to, never ctx whole: middleware may put a user (and its password hash) in it'

describe('create-action add --stream', () => {
  it.each(Object.entries(eventSchemas))('writes an async generator handler with an eventSchema and the input stub in %s', async (schema, eventSchema) => {
    const app = await createApp({ dependencies: { nuxt: '^4.0.0', [schema]: '*' } })
    const result = await add(app, 'chat.post', '--stream')
    const contents = await app.read('server/api/chat.post.ts')
    expect(result).toMatchObject({ method: 'post', url: '/api/chat', schema })
    expect(contents).toContain('// POST /api/chat, streamed: text/event-stream, one event a yield, then an end event with the returned data')
    expect(contents).toContain(eventSchema)
    expect(contents.indexOf('input: ')).toBeLessThan(contents.indexOf('eventSchema: '))
    expect(contents).toContain(`${generator}\n      yield { index, text }\n    }\n    // what it returns ends the stream: the data of the end event.\n${neverCtx}\n    return { params, input, requestedAt: ctx.requestedAt }\n  },\n})\n`)
    expect(contents).not.toContain('handler: (')
  })

  it('declares the event type instead of a schema without a schema library, and checks each yield against it', async () => {
    const app = await createApp({ dependencies: { nuxt: '^4.0.0' } })
    await add(app, 'chat.post', '--stream')
    const contents = await app.read('server/api/chat.post.ts')
    expect(contents).not.toMatch(/import|eventSchema:|input:/)
    expect(contents).toContain('interface StreamEvent {\n  index: number\n  text: string\n}\n')
    expect(contents).toContain(`${generator}\n      yield { index, text } satisfies StreamEvent\n`)
  })

  it('streams a GET (what an EventSource sends) with its query input stub and params', async () => {
    const app = await createApp()
    const result = await add(app, 'rooms/[room]/feed.get', '--stream')
    const contents = await app.read('server/api/rooms/[room]/feed.get.ts')
    expect(result.url).toBe('/api/rooms/:room/feed')
    expect(contents).toContain('room: z.string().min(1)')
    expect(contents).toContain('search: z.string().optional()')
    expect(contents).toContain(eventSchemas.zod)
    expect(printed()).toContain('curl -N http://localhost:3000/api/rooms/1/feed')
  })

  it('says it wrote a streaming action, and the next step\'s curl prints events as they come (-N)', async () => {
    const app = await createApp()
    await add(app, 'chat.post', '--stream')
    expect(printed()).toContain('Wrote server/api/chat.post.ts (POST /api/chat, zod, streaming)')
    expect(printed()).toContain(`curl -N -X POST http://localhost:3000/api/chat -H 'content-type: application/json' -d '{"title":"Buy milk"}'`)
  })

  it('keeps the other flags: an input inferred from --example, shared --middleware, --routes, --dry-run', async () => {
    const app = await createApp()
    const result = await add(app, 'chat.post', '--stream', '--routes', '--dry-run', '--middleware', 'require-user', '--example', '{"prompt":"Hi","temperature":0.5}')
    expect(result.files.map(file => file.path)).toEqual(['server/routes/chat.post.ts', 'server/utils/require-user.ts'])
    const contents = result.files[0]!.contents
    expect(contents).toContain('prompt: z.string(),\n    temperature: z.number(),')
    expect(contents).toContain('middleware: [requireUser]')
    expect(contents).toContain(eventSchemas.zod)
    expect(contents).toContain('async* handler(')
    expect(app.has('server')).toBe(false)
  })

  it('overwrites a plain action with a streaming one only with --force', async () => {
    const app = await createApp()
    await add(app, 'chat.post')
    await expect(add(app, 'chat.post', '--stream')).rejects.toThrow('server/api/chat.post.ts already exists: pass --force to overwrite it.')
    await add(app, 'chat.post', '--stream', '--force')
    expect(await app.read('server/api/chat.post.ts')).toContain('async* handler(')
  })

  it('writes in the server folder of a Nuxt 3 app with a custom srcDir', async () => {
    const app = await createApp({ dependencies: { nuxt: '^3.17.0', valibot: '^1.0.0' }, config: `export default defineNuxtConfig({ srcDir: 'src/' })\n` })
    await add(app, 'chat.post', '--stream')
    expect(await app.read('src/server/api/chat.post.ts')).toContain(eventSchemas.valibot)
  })

  it('refuses HEAD, which answers no body, and writes nothing', async () => {
    const app = await createApp()
    await expect(add(app, 'ping.head', '--stream')).rejects.toThrow('A HEAD route answers no body, so it cannot stream: use .get (an EventSource sends GET) or .post.')
    expect(app.has('server')).toBe(false)
  })

  it('is createAction\'s stream option, so the DevTools form writes the same file', async () => {
    const viaLibrary = await createApp()
    const viaCli = await createApp()
    const result = await createAction({ rootDir: viaLibrary.dir, route: 'chat.post', stream: true })
    await add(viaCli, 'chat.post', '--stream')
    expect(result.files[0]!.contents).toBe(await viaCli.read('server/api/chat.post.ts'))
  })

  it('leaves a route without --stream exactly as before: an arrow handler, no eventSchema', async () => {
    const app = await createApp()
    await add(app, 'chat.post')
    const contents = await app.read('server/api/chat.post.ts')
    expect(contents).toContain('  handler: ({ params, input, ctx }) => {')
    expect(contents).not.toMatch(/eventSchema|async \*|streamed/)
  })

  it('writes code in the project\'s style: the streaming file of every library, with or without shared middleware, passes the repository\'s ESLint (Nuxt\'s config)', async () => {
    const eslint = new ESLint({ cwd: join(__dirname, '../../..') })
    for (const schema of ['zod', 'valibot', 'arktype', 'none']) {
      const app = await createApp({ dependencies: schema === 'none' ? { nuxt: '^4.0.0' } : { nuxt: '^4.0.0', [schema]: '*' } })
      // with shared middleware the handler takes no ctx, so none is left unused
      for (const middleware of [[], ['--middleware', 'auth']]) {
        const { files } = await add(app, 'chat.post', '--stream', '--dry-run', ...middleware)
        const [report] = await eslint.lintText(files[0]!.contents, { filePath: join(__dirname, `generated-${schema}-chat.post.ts`) })
        expect(report!.messages.map(message => `${schema} ${middleware.join(' ')} ${message.line}: ${message.message}`)).toEqual([])
      }
    }
  })
})
