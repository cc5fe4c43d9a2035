import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ActionMetadata } from '../../src/runtime/server'
import type { TestServer } from '../helpers/serve'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('metadata on $name', (host) => {
  /** Tries to grant itself a role through the action's metadata, then reads the roles it sees. */
  const escalate = host.defineActionMiddleware('escalate', async ({ metadata, next }) => {
    (metadata.roles as string[]).push('hacker')
    return next()
  })
  /** The same, but carries on when the push is refused, so the roles it leaves can be read. */
  const tryEscalate = host.defineActionMiddleware('try-escalate', async ({ metadata, next }) => {
    try {
      (metadata.roles as string[]).push('hacker')
    }
    catch {
      // refused: metadata is frozen
    }
    return next()
  })
  const readRoles = host.defineActionMiddleware('read-roles', async ({ metadata, next }) => next({ ctx: { roles: metadata.roles } }))

  function metadataOf(action: unknown): ActionMetadata {
    return (action as { '~action': { metadata: ActionMetadata } })['~action'].metadata
  }

  /** Nested `depth` levels deep: { child: { child: ... { roles } } }. */
  function nested(depth: number, leaf: object): Record<string, unknown> {
    let value: Record<string, unknown> = { ...leaf }
    for (let level = 0; level < depth; level++) value = { child: value }
    return value
  }

  const given = { roles: ['admin'], limits: { daily: [10] } }
  const client = host.createActionClient({ metadata: { area: 'todos' } }).metadata({ roles: ['admin'] })
  let server: TestServer
  beforeAll(async () => {
    server = await host.serve({
      '/escalate': host.defineAction({ metadata: { roles: ['admin'] }, middleware: [escalate], handler: () => 'ran' }),
      '/escalate-then-read': host.defineAction({ metadata: { roles: ['admin'] }, middleware: [tryEscalate, readRoles], handler: ({ ctx }) => (ctx as { roles?: unknown }).roles }),
      '/client-escalate': client.use(escalate).handler(() => 'ran'),
      '/client-escalate-then-read': client.use(tryEscalate).use(readRoles).handler(({ ctx }) => ctx.roles),
    })
  })
  afterAll(() => server.close())

  describe('metadata is frozen all the way down', () => {
    it('a middleware pushing into metadata.roles throws (strict mode), and the action answers INTERNAL_ERROR', async () => {
      for (const path of ['/escalate', '/client-escalate']) {
        const { status, body } = await call(`${server.url}${path}`)
        expect(status, path).toBe(500)
        expect(body.error.code, path).toBe('INTERNAL_ERROR')
      }
    })

    it('the next request sees the original roles, with defineAction and through createActionClient\'s .metadata()', async () => {
      for (const path of ['/escalate-then-read', '/client-escalate-then-read']) {
        for (let request = 0; request < 3; request++) {
          expect((await call(`${server.url}${path}`)).body, path).toEqual({ success: true, data: ['admin'] })
        }
      }
    })

    it('freezes nested objects and arrays at any depth', () => {
      const metadata = metadataOf(host.defineAction({ metadata: nested(5, { roles: ['admin'] }), handler: () => 1 }))
      let level: Record<string, unknown> = metadata
      for (let depth = 0; depth < 5; depth++) {
        expect(Object.isFrozen(level)).toBe(true)
        level = level.child as Record<string, unknown>
      }
      expect(Object.isFrozen(level.roles)).toBe(true)
      expect(() => (level.roles as string[]).push('hacker')).toThrow(TypeError)
    })

    it('handles metadata 100,000 levels deep without overflowing the stack', () => {
      expect(() => host.defineAction({ metadata: nested(100_000, { roles: ['admin'] }), handler: () => 1 })).not.toThrow()
    })

    it('copies a cycle as a cycle', () => {
      const cyclic: Record<string, unknown> = { name: 'loop' }
      cyclic.self = cyclic
      const metadata = metadataOf(host.defineAction({ metadata: { cyclic }, handler: () => 1 }))
      const copy = metadata.cyclic as Record<string, unknown>
      expect(copy.self).toBe(copy)
      expect(copy).not.toBe(cyclic)
      expect(Object.isFrozen(copy)).toBe(true)
    })

    it('freezes a copy: the user\'s object is not frozen, and changing it later changes nothing', () => {
      const metadata = metadataOf(host.defineAction({ metadata: given, handler: () => 1 }))
      expect(Object.isFrozen(given)).toBe(false)
      expect(Object.isFrozen(given.roles)).toBe(false)
      given.roles.push('later')
      given.limits.daily.push(20)
      expect(metadata).toEqual({ roles: ['admin'], limits: { daily: [10] } })
    })

    it('keeps class instances and functions as they are, neither copied nor frozen', () => {
      const since = new Date(0)
      const check = () => true
      const allowed = new Set(['admin'])
      const metadata = metadataOf(host.defineAction({ metadata: { since, check, allowed }, handler: () => 1 }))
      expect(metadata.since).toBe(since)
      expect(metadata.check).toBe(check)
      expect(metadata.allowed).toBe(allowed)
      expect(Object.isFrozen(since)).toBe(false)
      expect(Object.isFrozen(check)).toBe(false)
    })

    it('keeps a __proto__ key as a plain key, never as the copy\'s prototype', () => {
      const metadata = metadataOf(host.defineAction({ metadata: JSON.parse('{"nested":{"__proto__":{"polluted":true}}}'), handler: () => 1 }))
      const copy = metadata.nested as Record<string, unknown>
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
      expect(Object.keys(copy)).toEqual(['__proto__'])
      expect(copy.polluted).toBeUndefined()
    })

    it('createActionClient copies the metadata it is given, so a later change to it does not reach its actions', () => {
      const shared = { roles: ['admin'] }
      const builder = host.createActionClient().metadata(shared)
      shared.roles.push('later')
      expect(metadataOf(builder.handler(() => 1)).roles).toEqual(['admin'])
    })
  })
})
