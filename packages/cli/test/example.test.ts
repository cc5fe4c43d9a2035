import { join } from 'pathe'
import { describe, expect, it } from 'vitest'
import { CliError, createAction } from '../src'
import { runCli } from '../src/run-cli'
import { add, createApp, printed } from './helpers'

const todo = '{"title":"x","done":false}'

describe('create-action --example', () => {
  it('infers the input schema from the example, and shows the example above it', async () => {
    const app = await createApp()
    await add(app, 'todos/index.post', '--example', '{"title":"x","done":false,"count":1,"price":1.5,"tags":["a"],"due":null}')
    const contents = await app.read('server/api/todos/index.post.ts')
    expect(contents).toContain('  // the JSON body (inferred from this example): {"title":"x","done":false,"count":1,"price":1.5,"tags":["a"],"due":null}\n')
    expect(contents).toContain([
      '  input: z.object({',
      '    title: z.string(),',
      '    done: z.boolean(),',
      '    count: z.number().int(),',
      '    price: z.number(),',
      '    tags: z.array(z.string()),',
      '    due: z.null(),',
      '  }),',
    ].join('\n'))
  })

  it('writes valibot and arktype schemas the same way', async () => {
    const app = await createApp({ dependencies: { valibot: '*', arktype: '*' } })
    await add(app, 'a.post', '--schema', 'valibot', '--example', todo)
    await add(app, 'b.post', '--schema', 'arktype', '--example', todo)
    expect(await app.read('server/api/a.post.ts')).toContain('input: v.object({\n    title: v.string(),\n    done: v.boolean(),\n  }),')
    expect(await app.read('server/api/b.post.ts')).toContain(`input: type({\n    title: 'string',\n    done: 'boolean',\n  }),`)
  })

  it('writes no schema with --schema none, but keeps the example in a comment', async () => {
    const app = await createApp()
    await add(app, 'todos/index.post', '--schema', 'none', '--example', todo)
    const contents = await app.read('server/api/todos/index.post.ts')
    expect(contents).toContain(`  // the JSON body (inferred from this example): ${todo}\n`)
    expect(contents).not.toContain('input:')
  })

  it('prints a next step that sends the example', async () => {
    const app = await createApp()
    await add(app, 'todos/index.post', '--example', `{"title":"it's"}`)
    expect(printed()).toContain(`curl -X POST http://localhost:3000/api/todos -H 'content-type: application/json' -d '{"title":"it'\\''s"}'`)
  })

  it('takes a GET example as the query string: every value a string', async () => {
    const app = await createApp()
    await add(app, 'todos/index.get', '--example', '{"search":"milk","page":2}')
    const contents = await app.read('server/api/todos/index.get.ts')
    expect(contents).toContain('// the query string, values arriving as strings (inferred from this example): ?search=milk&page=2')
    expect(contents).toContain('input: z.object({\n    search: z.string(),\n    page: z.string(),\n  }),')
    expect(printed()).toContain(`curl 'http://localhost:3000/api/todos?search=milk&page=2'`)
  })

  it('is taken before the route too: create-action --example <json> <route>', async () => {
    const app = await createApp()
    expect(await runCli(['--example', todo, 'todos/index.post', '--cwd', app.dir])).toBe(0)
    expect(await app.read('server/api/todos/index.post.ts')).toContain('done: z.boolean()')
  })
})

describe('create-action --example-file', () => {
  it('reads one example from a file', async () => {
    const app = await createApp({ files: { 'todo.json': todo } })
    await add(app, 'todos/index.post', '--example-file', join(app.dir, 'todo.json'))
    expect(await app.read('server/api/todos/index.post.ts')).toContain('title: z.string(),\n    done: z.boolean(),')
  })

  it('reads a top-level array of objects as several examples: keys missing from some are optional, differing types a union', async () => {
    const app = await createApp({ files: { 'todos.json': JSON.stringify([{ title: 'x', due: null }, { title: 'y', due: '2026-01-01', done: true }]) } })
    await add(app, 'todos/index.post', '--example-file', join(app.dir, 'todos.json'))
    const contents = await app.read('server/api/todos/index.post.ts')
    expect(contents).toContain('// the JSON body (inferred from 2 examples): {"title":"x","due":null}')
    expect(contents).toContain('title: z.string(),\n    due: z.string().nullable(),\n    done: z.boolean().optional(),')
  })

  it('reads a top-level array of arrays as several examples of an array body', async () => {
    const app = await createApp({ files: { 'batch.json': '[[{"id":1}],[{"id":2,"note":"x"}]]' } })
    await add(app, 'todos/batch.post', '--example-file', join(app.dir, 'batch.json'))
    expect(await app.read('server/api/todos/batch.post.ts')).toContain('input: z.array(z.object({\n    id: z.number().int(),\n    note: z.string().optional(),\n  })),')
  })

  it('reads an array holding anything else as one example', async () => {
    const app = await createApp({ files: { 'ids.json': '[1, 2, 3.5]' } })
    await add(app, 'todos/ids.post', '--example-file', join(app.dir, 'ids.json'))
    expect(await app.read('server/api/todos/ids.post.ts')).toContain('input: z.array(z.number()),')
  })

  it('adds the --example to the file\'s examples', async () => {
    const app = await createApp({ files: { 'todo.json': '{"title":"x"}' } })
    await add(app, 'todos/index.post', '--example-file', join(app.dir, 'todo.json'), '--example', '{"title":"y","done":true}')
    expect(await app.read('server/api/todos/index.post.ts')).toContain('done: z.boolean().optional()')
  })
})

describe('bad examples are refused with BAD_INPUT, and nothing is written', () => {
  it.each([
    [['--example', '{title:"x"}'], '--example is not JSON'],
    [['--example', '"x"'], 'The example is "x": a POST body must be a JSON object or array'],
    [['--example', '12'], 'The example is 12: a POST body must be a JSON object or array'],
    [['--example', '{"__proto__":1}'], 'The example has a "__proto__" key'],
    [['--example-file', 'missing.json'], 'Could not read --example-file missing.json: ENOENT'],
    [['--example-file', 'broken.json'], '--example-file broken.json is not JSON'],
    [['--example-file', 'optional-constructor.json'], 'The key "constructor" is missing from some examples'],
  ])('%j', async (flags, message) => {
    const app = await createApp({ files: { 'broken.json': '{', 'optional-constructor.json': '[{"constructor":"x"},{}]' } })
    const cwd = process.cwd()
    process.chdir(app.dir)
    try {
      const error = await add(app, 'todos/index.post', ...flags).catch((reason: unknown) => reason)
      expect(error).toBeInstanceOf(CliError)
      expect((error as CliError).code).toBe('BAD_INPUT')
      expect((error as CliError).message).toContain(message)
    }
    finally {
      process.chdir(cwd)
    }
    expect(app.has('server')).toBe(false)
  })

  it('refuses a nested object in a GET example: a query string cannot carry it', async () => {
    const app = await createApp()
    await expect(add(app, 'todos/index.get', '--example', '{"filter":{"done":true}}')).rejects.toThrow('The example nests an object at filter')
    expect(app.has('server')).toBe(false)
  })
})

describe('createAction with examples', () => {
  it('infers from several examples, and refuses one that cannot be a body', async () => {
    const app = await createApp()
    const result = await createAction({ rootDir: app.dir, route: 'todos/index.post', examples: [{ title: 'x' }, { title: 'y', tags: ['a'] }], dryRun: true })
    expect(result.files[0]!.contents).toContain('title: z.string(),\n    tags: z.array(z.string()).optional(),')
    const error = await createAction({ rootDir: app.dir, route: 'todos/index.post', examples: [{ title: 'x' }, 'y'] }).catch((reason: unknown) => reason)
    expect(error).toMatchObject({ code: 'BAD_INPUT', message: expect.stringContaining('Example 2 is "y"') })
  })

  it('refuses values JSON cannot carry, with where they are', async () => {
    const app = await createApp()
    for (const [examples, message] of [
      [[{ due: new Date(0) }], 'an object that is not plain JSON at .due'],
      [[{ count: Number.NaN }], 'The example holds NaN at .count'],
      [[{ run: () => 1 }], 'a function at .run'],
    ] as const) {
      await expect(createAction({ rootDir: app.dir, route: 'a.post', examples: [...examples] })).rejects.toThrow(message)
    }
    expect(app.has('server')).toBe(false)
  })
})
