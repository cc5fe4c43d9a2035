import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { idempotent } from '../../src/runtime/server'
import { createMemoryStore } from '../../src/runtime/server/shared-store/shared-store-memory'
import type { TestServer } from '../helpers/serve'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

const spyOnWarn = () => vi.spyOn(console, 'warn').mockImplementation(() => {})

describe.each(hosts)('the development warning for a key an action ignores, on $name', (host) => {
  let server: TestServer
  // a route is warned of once per process: each major gets its own
  const plain = `/plain-${host.name.replace(/\W/g, '')}`
  let warn: ReturnType<typeof spyOnWarn>
  const send = (path: string, method: string, key?: string) => call(`${server.url}${path}`, { method, headers: key ? { 'idempotency-key': key } : {} })
  const warnings = () => warn.mock.calls.map(args => String(args[1])).filter(message => message.includes('Idempotency-Key'))

  beforeAll(async () => {
    warn = spyOnWarn()
    // the check is made when the action is defined, in development only
    process.env.NODE_ENV = 'development'
    try {
      server = await host.serve({
        [plain]: host.defineAction({ handler: () => ({ ok: true }) }),
        '/guarded': host.defineAction({ middleware: [idempotent({ store: createMemoryStore() })], handler: () => ({ ok: true }) }),
      })
    }
    finally {
      process.env.NODE_ENV = 'test'
    }
  })
  afterAll(async () => {
    await server.close()
    warn.mockRestore()
  })

  it('warns once per route of a POST or PATCH with a key to an action without idempotent(), and never otherwise', async () => {
    process.env.NODE_ENV = 'development'
    try {
      await send(plain, 'POST', '"a"')
      await send(plain, 'POST', '"b"')
      await send(plain, 'PATCH', '"c"')
      await send(plain, 'POST')
      await send(plain, 'PUT', '"d"')
      await send('/guarded', 'POST', '"e"')
    }
    finally {
      process.env.NODE_ENV = 'test'
    }
    expect(warnings()).toEqual([
      `POST ${plain} got an Idempotency-Key but has no idempotent() middleware: a retry of the call runs it again. Add idempotent() to its middleware (docs/production.md#idempotency)`,
      `PATCH ${plain} got an Idempotency-Key but has no idempotent() middleware: a retry of the call runs it again. Add idempotent() to its middleware (docs/production.md#idempotency)`,
    ])
    warn.mockClear()
  })
})

describe('the development warning outside development', () => {
  it('is never made: an action defined in production does not look for keys', async () => {
    const warn = spyOnWarn()
    const { h3V1 } = await import('../helpers/hosts')
    const server = await h3V1.serve({ '/quiet': h3V1.defineAction({ handler: () => ({ ok: true }) }) })
    try {
      await call(`${server.url}/quiet`, { method: 'POST', headers: { 'idempotency-key': '"k"' } })
      expect(warn).not.toHaveBeenCalled()
    }
    finally {
      await server.close()
      warn.mockRestore()
    }
  })
})
