import { describe, expect, it } from 'vitest'
import { mergeContext } from '../../src/runtime/server/lifecycle/internal/merge-context'

describe('context merge', () => {
  it('merges plain objects recursively', () => {
    expect(mergeContext({ user: { id: 1, name: 'Ada' }, a: 1 }, { user: { role: 'admin' }, b: 2 }))
      .toEqual({ user: { id: 1, name: 'Ada', role: 'admin' }, a: 1, b: 2 })
  })

  it('replaces arrays, class instances and primitives', () => {
    const date = new Date(0)
    const merged = mergeContext({ tags: ['a', 'b'], when: { at: 1 }, n: 1 }, { tags: ['c'], when: date, n: 'two' })
    expect(merged).toEqual({ tags: ['c'], when: date, n: 'two' })
    expect(merged.when).toBe(date)
  })

  it('never mutates earlier context objects', () => {
    const base = { user: { id: 1 } }
    const added = { user: { role: 'admin' } }
    mergeContext(base, added)
    expect(base).toEqual({ user: { id: 1 } })
    expect(added).toEqual({ user: { role: 'admin' } })
  })

  it('drops __proto__, constructor and prototype keys at any depth without polluting', () => {
    const added = JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"nested":{"__proto__":{"polluted":true},"ok":1}}')
    const merged = mergeContext({}, added)
    expect(merged).toEqual({ nested: { ok: 1 } })
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  it('copies only own enumerable keys', () => {
    const added = Object.create({ inherited: true }, { own: { value: 1, enumerable: true }, hidden: { value: 2, enumerable: false } })
    expect(mergeContext({}, added)).toEqual({})
    expect(mergeContext({}, Object.assign(Object.create(null), { own: 1 }))).toEqual({ own: 1 })
  })

  it('keeps own enumerable symbol keys, merging their plain objects, at any depth', () => {
    const session = Symbol('session')
    const trace = Symbol.for('trace')
    const hidden = Symbol('hidden')
    const base = { [session]: { id: 's1' }, user: { id: 1 } }
    const added = Object.defineProperty({ [session]: { fresh: true }, user: { [trace]: 'abc' }, [trace]: ['t'] }, hidden, { value: 1, enumerable: false })
    const merged = mergeContext(base, added)
    expect(merged[session as unknown as string]).toEqual({ id: 's1', fresh: true })
    expect((merged.user as Record<symbol, unknown>)[trace]).toBe('abc')
    expect(merged[trace as unknown as string]).toEqual(['t'])
    expect(Object.getOwnPropertySymbols(merged)).toEqual([session, trace])
    expect(base[session]).toEqual({ id: 's1' })
  })
})
