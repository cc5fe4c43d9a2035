import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../helpers/serve'
import type { DevLog } from '../helpers/dev-logs'
import { captureDevLogs } from '../helpers/dev-logs'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'
import { findUnfaithfulValues } from '../../src/runtime/server/lifecycle/internal/unfaithful-json'

class Point {
  constructor(public x: number, public y: number) {}
}

describe('findUnfaithfulValues', () => {
  it('names each value JSON does not carry as it is, by its path in data', () => {
    const found = findUnfaithfulValues({
      'when': new Date(),
      'tags': new Set(['a']),
      'byId': new Map([[1, 'a']]),
      'items': [{ id: 1 }, { id: 2n }],
      'odd key': new Point(1, 2),
      'file': new File(['x'], 'x.txt'),
      'money': { toJSON: () => '1.50' },
      'plain': { a: [1, 'b', null], b: Object.create(null) },
    })
    expect(found).toEqual([
      { path: 'data.tags', problem: 'a Set (sent as {})' },
      { path: 'data.byId', problem: 'a Map (sent as {})' },
      { path: 'data.items[1].id', problem: 'a BigInt (JSON cannot hold it: the action answered INTERNAL_ERROR)' },
      { path: 'data["odd key"]', problem: 'an instance of Point (sent as its own fields, without its prototype)' },
      { path: 'data.file', problem: 'a File (sent as {})' },
    ])
  })

  it('finds nothing in what JSON carries, and walks a cycle and deep data without overflowing', () => {
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    let deep: unknown = 1n
    for (let level = 0; level < 100_000; level++) deep = [deep]
    expect(findUnfaithfulValues({ a: [1, 'x', null, true], d: new Date() })).toEqual([])
    expect(findUnfaithfulValues(cyclic)).toEqual([])
    expect(findUnfaithfulValues(deep)).toHaveLength(1)
  })
})

describe.each(hosts)('data JSON does not carry, on $name', (host) => {
  const logs: DevLog[] = []
  let server: TestServer

  beforeAll(async () => {
    captureDevLogs(logs)
    server = await host.serve({
      '/api/tags': host.defineAction({ handler: () => ({ tags: new Set(['a']), when: new Date(0) }) }),
      '/api/big': host.defineAction({ handler: () => ({ rows: [{ id: 1n }] }) }),
    })
    process.env.NODE_ENV = 'development'
  })
  afterEach(() => {
    logs.length = 0
  })
  afterAll(async () => {
    process.env.NODE_ENV = 'test'
    await server.close()
  })

  it('a Set is sent as {} and the dev log names the route and the field path', async () => {
    const { status, body } = await call(`${server.url}/api/tags`)
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, data: { tags: {}, when: '1970-01-01T00:00:00.000Z' } })
    expect(logs).toHaveLength(1)
    expect(logs[0]!.type).toBe('warn')
    expect(String(logs[0]!.args[0])).toContain('GET /api/tags answered data JSON does not carry as it is: data.tags is a Set (sent as {})')
  })

  it('a BigInt answers INTERNAL_ERROR 500, and the one dev log names the route and the field path', async () => {
    const { status, body } = await call(`${server.url}/api/big?x=1`)
    expect(status).toBe(500)
    expect(body).toEqual({ success: false, error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 } })
    expect(logs).toHaveLength(1)
    expect(logs[0]!.type).toBe('error')
    expect(String(logs[0]!.args[0])).toContain('GET /api/big answered data JSON does not carry as it is: data.rows[0].id is a BigInt')
  })

  it('logs nothing outside development', async () => {
    process.env.NODE_ENV = 'production'
    try {
      await call(`${server.url}/api/tags`)
      await call(`${server.url}/api/big`)
    }
    finally {
      process.env.NODE_ENV = 'development'
    }
    expect(logs).toEqual([])
  })
})
