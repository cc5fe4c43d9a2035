import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { defineAction } from '../../src/runtime/server'
import { describeRoutes } from '../../src/runtime/devtools/registry'
import type { RouteEntry } from '../../src/runtime/devtools/registry'

function entry(method: string, route: string, handler: unknown): RouteEntry {
  const file = `/app/server/api${route}.${method}.ts`
  return { method, route, file, relativeFile: file.slice(5), load: async () => ({ default: handler }) }
}

describe('registry of streaming actions', () => {
  it('marks a streaming action and gives its event schema as JSON Schema beside input and output', async () => {
    const [reply] = await describeRoutes([entry('post', '/api/reply', defineAction({
      input: z.object({ prompt: z.string() }),
      eventSchema: z.object({ text: z.string() }),
      outputSchema: z.object({ tokens: z.number() }),
      async* handler({ input }) {
        yield { text: input.prompt }
        return { tokens: 1 }
      },
    }))])
    expect(reply!.action).toMatchObject({
      stream: true,
      input: { vendor: 'zod', jsonSchema: { required: ['prompt'] } },
      event: { vendor: 'zod', jsonSchema: { type: 'object', required: ['text'] } },
      output: { vendor: 'zod', jsonSchema: { required: ['tokens'] } },
    })
  })

  it('marks an async generator handler without an event schema as streaming, and leaves other actions unmarked', async () => {
    const [plain, ticks] = await describeRoutes([
      entry('get', '/api/plain', defineAction({ handler: () => null })),
      entry('get', '/api/ticks', defineAction({
        async* handler() {
          yield 1
        },
      })),
    ])
    expect(ticks!.action!.stream).toBe(true)
    expect(ticks!.action).not.toHaveProperty('event')
    expect(plain!.action).not.toHaveProperty('stream')
  })
})
