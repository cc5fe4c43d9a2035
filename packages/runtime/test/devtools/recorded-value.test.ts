import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createFieldRedactor, DEFAULT_REDACTED_FIELDS, redactQueryString } from '../../src/runtime/devtools/internal/redact-fields'
import { toRecordedValue } from '../../src/runtime/devtools/internal/to-recorded-value'

const redact = createFieldRedactor()

function deeplyNested(levels: number): unknown {
  let value: unknown = { leaf: true }
  for (let level = 0; level < levels; level++) value = { child: value }
  return value
}

describe('body field redaction', () => {
  it.each([
    'password', 'Password', 'PASSWORD', 'pass_word', 'new-password', 'confirmPassword', 'passwd', 'pwd', 'passcode',
    'secret', 'client_secret', 'clientSecret', 'token', 'access_token', 'accessToken', 'refresh-token', 'id_token',
    'api_key', 'apiKey', 'apikey', 'API-KEY', 'x api key', 'otp', 'TOTP', 'one_time_code', 'oneTimeCode', 'cvc', 'cvv',
    'card_number', 'cardNumber', 'cc_number', 'pan', 'pin', 'PIN', 'private_key', 'csrf_token',
  ])('redacts a field named %s', (name) => {
    expect(redact(name)).toBe(true)
  })

  it.each(['title', 'username', 'email', 'tokens', 'spin', 'passenger', 'description', 'page', 'tokenCount'])('keeps a field named %s', (name) => {
    expect(redact(name)).toBe(false)
  })

  it('redacts the configured fields too, in any spelling', () => {
    const withExtra = createFieldRedactor(['memberNumber'])
    expect(withExtra('member_number')).toBe(true)
    expect(withExtra('MEMBER-NUMBER')).toBe(true)
    expect(withExtra('member')).toBe(false)
  })

  it('lists the default fields', () => {
    expect(DEFAULT_REDACTED_FIELDS).toEqual(expect.arrayContaining(['password', 'token', 'api_key', 'otp', 'cvv', 'card_number']))
  })

  it('replaces sensitive values at any depth, objects inside arrays too', () => {
    const { value } = toRecordedValue({
      email: 'a@b.c',
      password: 'hunter2',
      profile: { card: { cardNumber: '4111111111111111', cvc: '123', holder: 'Ann' } },
      devices: [{ name: 'phone', pin: 1234 }, { name: 'tablet', otp: ['1', '2'] }],
      credentials: { token: { nested: 'object is hidden whole' } },
      order: { creditCard: { number: '4111111111111111', cvc: '123' } },
    }, { redact })
    expect(value).toEqual({
      email: 'a@b.c',
      password: '[redacted]',
      profile: { card: '[redacted]' },
      devices: [{ name: 'phone', pin: '[redacted]' }, { name: 'tablet', otp: '[redacted]' }],
      credentials: '[redacted]',
      order: { creditCard: '[redacted]' },
    })
  })

  it('never mutates the value the action receives', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.string(), (json, secret) => {
      const input = { password: secret, nested: [{ token: secret, json }] }
      const before = structuredClone(input)
      toRecordedValue(input, { redact })
      expect(input).toEqual(before)
    }))
  })

  it('redacts query parameters in a URL, keeping the others as written', () => {
    expect(redactQueryString('/api/login?user=ann&Password=hunter2&otp=1&otp=2&next=%2Fhome', redact))
      .toBe('/api/login?user=ann&Password=[redacted]&otp=[redacted]&otp=[redacted]&next=%2Fhome')
    expect(redactQueryString('/api/todos', redact)).toBe('/api/todos')
    expect(redactQueryString('/api/x?access%5Ftoken=abc&flag', redact)).toBe('/api/x?access%5Ftoken=[redacted]&flag')
  })
})

describe('bounded, JSON-safe copies of recorded values', () => {
  it('copies plain JSON as it is and says nothing was cut', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 8 }), (json) => {
      const copy = toRecordedValue(json, { redact: () => false })
      expect(copy.truncated).toBe(false)
      expect(JSON.stringify(copy.value)).toBe(JSON.stringify(json))
    }))
  })

  it('cuts a 100,000-level body at the depth limit, and the copy serialises', () => {
    const copy = toRecordedValue(deeplyNested(100_000), { redact, maxDepth: 32 })
    expect(copy.truncated).toBe(true)
    const text = JSON.stringify(copy.value)
    expect(text).toContain('[truncated: deeper than 32 levels]')
    expect(text.length).toBeLessThan(2000)
  })

  it('cuts long strings, long arrays and many keys to the size budget', () => {
    const big = { text: 'x'.repeat(1_000_000), list: Array.from({ length: 100_000 }, (_, index) => index), map: Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`k${index}`, index])) }
    const copy = toRecordedValue(big, { redact, maxChars: 64 * 1024 })
    expect(copy.truncated).toBe(true)
    expect(JSON.stringify(copy.value).length).toBeLessThan(80 * 1024)
    expect(JSON.stringify(copy.value)).toMatch(/more characters/)
  })

  it('describes binary values and files instead of storing them', () => {
    const copy = toRecordedValue({
      bytes: new Uint8Array(2048),
      buffer: new ArrayBuffer(16),
      avatar: new File(['hello'], 'me.png', { type: 'image/png' }),
    }, { redact })
    expect(copy.value).toEqual({ bytes: '[binary: 2048 bytes]', buffer: '[binary: 16 bytes]', avatar: '[file me.png: 5 bytes, image/png]' })
  })

  it('handles BigInt, cycles, functions, symbols, undefined and non-finite numbers', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic.self = cyclic
    const copy = toRecordedValue({ big: 12345678901234567890n, cyclic, fn: function named() {}, sym: Symbol('s'), gone: undefined, list: [undefined, Number.NaN, Infinity], when: new Date(0) }, { redact })
    expect(copy.value).toEqual({ big: '12345678901234567890n', cyclic: { name: 'loop', self: '[circular]' }, fn: '[function named]', sym: 'Symbol(s)', list: [null, 'NaN', 'Infinity'], when: '1970-01-01T00:00:00.000Z' })
    expect(() => JSON.stringify(copy.value)).not.toThrow()
  })

  it('keeps a "__proto__" key as data, without touching any prototype', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>
    const copy = toRecordedValue(input, { redact }).value as Record<string, unknown>
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":true},"a":1}')
  })

  it('survives getters that throw', () => {
    const hostile = { ok: 1, get bad() {
      throw new Error('no')
    } }
    expect(toRecordedValue(hostile, { redact }).value).toEqual({ ok: 1, bad: '[unreadable]' })
  })
})
