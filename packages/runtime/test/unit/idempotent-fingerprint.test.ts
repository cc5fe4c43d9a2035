import { describe, expect, it, vi } from 'vitest'
import { requestFingerprint } from '../../src/runtime/server/idempotency/internal/idempotency-fingerprint'
import { readIdempotencyKey } from '../../src/runtime/server/idempotency/internal/idempotency-key'

const print = (input: unknown, method = 'POST', path = '/api/orders') => requestFingerprint(method, path, input)

describe('what makes two requests the same for idempotent', () => {
  it('is the method, the path and the input, whatever the order of its keys', async () => {
    const first = await print({ item: 'tea', qty: 2, note: { a: 1, b: [1, 2] } })
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(await print({ note: { b: [1, 2], a: 1 }, qty: 2, item: 'tea' })).toBe(first)
    expect(await print({ item: 'tea', qty: 2, note: { a: 1, b: [2, 1] } })).not.toBe(first)
    expect(await print({ item: 'tea', qty: 2, note: { a: 1, b: [1, 2] } }, 'PATCH')).not.toBe(first)
    expect(await print({ item: 'tea', qty: 2, note: { a: 1, b: [1, 2] } }, 'POST', '/api/orders/7')).not.toBe(first)
  })

  it('tells kinds apart: an object from its entries, a Date from its text, undefined fields from none', async () => {
    expect(await print({ a: 1 })).not.toBe(await print([['a', 1]]))
    expect(await print({ at: new Date('2026-01-01T00:00:00Z') })).not.toBe(await print({ at: '2026-01-01T00:00:00.000Z' }))
    expect(await print({ at: new Date('2026-01-01T00:00:00Z') })).toBe(await print({ at: new Date('2026-01-01T00:00:00Z') }))
    expect(await print({ a: 1, b: undefined })).toBe(await print({ a: 1 }))
    expect(await print({ n: 1n })).not.toBe(await print({ n: '1' }))
  })

  it('counts a file by its name, type and content', async () => {
    const file = (text: string, name = 'a.txt') => new File([text], name, { type: 'text/plain' })
    expect(await print({ upload: file('hello') })).toBe(await print({ upload: file('hello') }))
    expect(await print({ upload: file('hello') })).not.toBe(await print({ upload: file('hellO') }))
    expect(await print({ upload: file('hello') })).not.toBe(await print({ upload: file('hello', 'b.txt') }))
  })

  it('stays the same across versions, so a retry after an upgrade still finds its key\'s answer', async () => {
    // digests of the stored records' fingerprints as earlier versions wrote them: plain data and each tagged kind
    const pinned: [unknown, string][] = [
      [{ item: 'tea', qty: 2, note: { a: 1, b: [1, 2], c: null, d: true, e: 'x"\\\u00E9\u2028' }, skip: undefined, neg: -0, f: 1.5e300 }, '644e47e83933895b6ef302d0a88131fbcbbc0405829d44daeddb9ecfdb40bbf5'],
      [[], 'c01f0ece1ad120e8df9972800aefa514570c1050ce059f9433f6f1c51540c812'],
      [{}, 'b77cdbfef37ddf67ce357c28e7e7cacb34feac2170866f93b6ecf87559200bd3'],
      [Object.create(null), 'b77cdbfef37ddf67ce357c28e7e7cacb34feac2170866f93b6ecf87559200bd3'],
      ['text', '8f15ab0ba3e1a2226c40168b6dbddd7015752398b83d88122882578657c06abe'],
      [0, 'f465f80d2cfee01302d92f592637695425ce1a929fa315e8d6e96f2b47ce05ec'],
      [null, '8f1ef141396533af2121ff76680b01aaddd369ff18863fd65b3cd96b7fd8191d'],
      [[[{ z: [] }]], '682f1453b2bc1510724ec192202fb7ac5104e90be66c1618cdcd89d9ee882c6b'],
      [{ n: Number.NaN }, '74675abca3f7e2cebe4fe875689370a904860f9072834faa544ad42eaf045031'],
      [{ at: new Date(0) }, '5f8fce698fa0bdb0f668306522281a8bc32bd7decaacc8e874fe681ff3842591'],
      // keys in code-unit order (upper case first, numbers as text), a few of them and many
      [{ 'b': 1, 'B': 2, 'a': 3, '\u00E9': 4, '10': 5, '9': 6, '': 7, 'a b': 8 }, 'bdecf8724760dc374bf02a4cf472a466490a3e7a81b51c4ba482afe4c6867f2d'],
      [Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${(i * 7) % 20}`, i])), '78a746b04c5f16d45c0a6a39004451992a60aa35d256b135447e71850c344f32'],
    ]
    for (const [input, digest] of pinned) expect(await print(input, 'POST', '/api/orders/7')).toBe(digest)
  })

  it('survives a value that holds itself', async () => {
    const loop: Record<string, unknown> = { a: 1 }
    loop.self = loop
    expect(await print(loop)).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('the SHA-256 idempotent() hashes with', () => {
  it('is node:crypto\'s on Node, at once, and the same hex as Web Crypto\'s on a host without process.getBuiltinModule (Workers)', async () => {
    const { sha256Hex } = await import('../../src/runtime/server/idempotency/internal/idempotency-sha256')
    const onNode = sha256Hex('order-7 \u00E9')
    expect(onNode).toMatch(/^[0-9a-f]{64}$/)
    const bytes = new Uint8Array([0, 1, 2, 255])
    vi.resetModules()
    const getBuiltinModule = process.getBuiltinModule
    Object.defineProperty(process, 'getBuiltinModule', { value: undefined, configurable: true, writable: true })
    try {
      const web = await import('../../src/runtime/server/idempotency/internal/idempotency-sha256')
      const text = web.sha256Hex('order-7 \u00E9')
      expect(text).toBeInstanceOf(Promise)
      expect(await text).toBe(onNode)
      expect(await web.sha256Hex(bytes)).toBe(sha256Hex(bytes))
      const fingerprint = await import('../../src/runtime/server/idempotency/internal/idempotency-fingerprint')
      const input = { upload: new File(['hello'], 'a.txt'), raw: bytes, at: new Date(0) }
      expect(await fingerprint.requestFingerprint('POST', '/api/orders', input)).toBe(await print(input))
    }
    finally {
      Object.defineProperty(process, 'getBuiltinModule', { value: getBuiltinModule, configurable: true, writable: true })
      vi.resetModules()
    }
  })
})

describe('reading the Idempotency-Key header', () => {
  it.each([
    ['"order-7"', 'order-7'],
    ['order-7', 'order-7'],
    ['  "order-7"  ', 'order-7'],
    ['"a \\"quoted\\" \\\\ key"', 'a "quoted" \\ key'],
    [undefined, undefined],
    ['', null],
    ['""', null],
    ['"a"b"', null],
    ['"a\\b"', null],
    ['k'.repeat(255), 'k'.repeat(255)],
    ['k'.repeat(256), null],
    ['caf\u00E9', null],
    ['tab\there', null],
  ])('reads %j as %j', (header, key) => {
    expect(readIdempotencyKey(header)).toBe(key)
  })
})
