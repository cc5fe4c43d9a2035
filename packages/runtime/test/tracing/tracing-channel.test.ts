// The `action-route.action` diagnostics tracing channel, as an APM that listens on diagnostics channels subscribes
// to it: each action's start, its answer's status and code, and what a failure threw; never input or output.
import { tracingChannel } from 'node:diagnostics_channel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createActionError } from '../../src/runtime/server'
import { setLifecycleTracer } from '../../src/runtime/server/tracing/lifecycle-trace'
import { createOtelTracer } from '../../src/runtime/server/tracing/otel-trace'
import type { ActionChannelMessage } from '../../src/runtime/server/tracing/channel-trace'
import { ACTION_CHANNEL, withTracingChannel } from '../../src/runtime/server/tracing/channel-trace'
import type { TestServer } from '../helpers/serve'
import { postJson } from '../helpers/serve'
import type { AnyHandler } from '../helpers/hosts'
import { hosts } from '../helpers/hosts'

const published: [string, Omit<ActionChannelMessage, 'event'>][] = []
const record = (kind: string) => (message: unknown) => {
  const { event: _event, ...rest } = message as ActionChannelMessage
  published.push([kind, { ...rest }])
}
const subscribers = { start: record('start'), end: record('end'), asyncStart: record('asyncStart'), asyncEnd: record('asyncEnd'), error: record('error') }
const channel = tracingChannel(ACTION_CHANNEL)

beforeAll(() => setLifecycleTracer(withTracingChannel(createOtelTracer())))
afterAll(() => setLifecycleTracer(undefined))

describe.each(hosts)('the action-route.action tracing channel on $name', (host) => {
  let server: TestServer
  beforeAll(async () => {
    server = await host.serve({
      '/todos/:id': host.defineAction({ input: z.object({ title: z.string() }), handler: ({ input }) => ({ title: input.title }) }) as AnyHandler,
      '/gone': host.defineAction({
        handler: () => {
          throw createActionError({ code: 'GONE', message: 'Gone', statusCode: 410 })
        },
      }) as AnyHandler,
    })
  })
  afterAll(() => server.close())

  it('publishes start and end, then asyncStart and asyncEnd with the status; an error answer\'s code and what was thrown', async () => {
    channel.subscribe(subscribers)
    try {
      published.length = 0
      expect((await postJson(`${server.url}/todos/1`, { title: 'secret milk' })).status).toBe(200)
      const action = { method: 'POST', route: '/todos/:id', path: '/todos/1' }
      expect(published).toEqual([
        ['start', action], ['end', action], ['asyncStart', { ...action, status: 200 }], ['asyncEnd', { ...action, status: 200 }],
      ])
      expect(JSON.stringify(published)).not.toContain('milk')

      published.length = 0
      expect((await fetch(`${server.url}/gone`)).status).toBe(410)
      expect(published.map(([kind]) => kind)).toEqual(['start', 'end', 'error', 'asyncStart', 'asyncEnd'])
      expect(published.at(-1)![1]).toMatchObject({ status: 410, code: 'GONE', error: { code: 'GONE' } })
    }
    finally {
      channel.unsubscribe(subscribers)
    }
  })

  it('publishes nothing, and costs one check, while nothing subscribes', async () => {
    published.length = 0
    expect((await fetch(`${server.url}/gone`)).status).toBe(410)
    expect(published).toEqual([])
  })
})
