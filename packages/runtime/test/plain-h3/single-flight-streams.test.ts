// Single flight never runs a streaming GET in-process, on a plain h3 2 app over real HTTP: a mutation whose caller
// names one in `x-action-refresh` answers at once, without that stream in `refreshed` and without its generator
// having started (the caller refetches it itself, as any query left out). The other named queries still ride along.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineAction, enableSingleFlight } from '../../src/runtime/server/h3-v2'
import type { TestServer } from '../helpers/serve'
import { h3V2 } from '../helpers/hosts'

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

describe('single flight and streaming GETs on a plain h3 2 app', () => {
  let server: TestServer
  const starts = { ticks: 0, made: 0, middleware: 0 }
  let listed = 0

  beforeAll(async () => {
    server = await h3V2.serve({
      '/ticks': defineAction({
        middleware: [async ({ next }) => {
          starts.middleware++
          return next()
        }],
        async* handler() {
          starts.ticks++
          await sleep(1000)
          for (;;) {
            yield Date.now()
            await sleep(50)
          }
        },
      }),
      // a handler that returns a generator without being an `async function*`
      '/made': defineAction({
        handler: () => (async function* () {
          starts.made++
          await sleep(1000)
          yield 'late'
        })(),
      }),
      '/todos': defineAction({ handler: () => ({ listed: ++listed }) }),
      '/todos/add': defineAction({ handler: () => ({ added: true }) }),
    })
    enableSingleFlight({ routes: ['/ticks', '/made', '/todos'] })
  })
  afterAll(() => server.close())

  it('answers a mutation naming streaming GETs at once, without them, their generators never started', async () => {
    const started = Date.now()
    const response = await fetch(`${server.url}/todos/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-action-refresh': JSON.stringify(['/ticks', '/made', '/todos']) },
      body: '{}',
    })
    const answer = await response.json()
    expect(Date.now() - started).toBeLessThan(800)
    expect(answer).toEqual({ success: true, data: { added: true }, refreshed: { '/todos': { success: true, data: { listed: 1 } } } })
    await sleep(50)
    expect(starts).toEqual({ ticks: 0, made: 0, middleware: 0 })
  })

  it('still streams those GETs to a browser that asks for them', async () => {
    const response = await fetch(`${server.url}/ticks`)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    await response.body!.cancel()
    expect(starts.ticks).toBe(1)
  })
})
