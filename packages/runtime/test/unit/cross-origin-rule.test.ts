import { afterEach, describe, expect, it } from 'vitest'
import { isCrossOrigin } from '../../src/runtime/server/cross-origin/is-cross-origin'
import { moduleTrustedOrigins, setModuleTrustedOrigins, trustedOriginsOf } from '../../src/runtime/server/cross-origin/trusted-origins'
import { applyConfiguredLimits } from '../../src/runtime/server/body/configured-limits'

const of = (headers: Record<string, string>, scheme?: string) => isCrossOrigin(name => new Headers(headers).get(name), scheme)

describe('the cross-origin rule (one rule for the action routes and the no-JS form path)', () => {
  it('reads Sec-Fetch-Site first: anything but same-origin or none is another origin, whatever Origin says', () => {
    for (const site of ['cross-site', 'same-site', 'bogus', '']) expect(of({ 'sec-fetch-site': site, 'host': 'a.test', 'origin': 'http://a.test' }), site).toBe(true)
    expect(of({ 'sec-fetch-site': 'same-origin', 'origin': 'https://evil.example' })).toBe(false)
    expect(of({ 'sec-fetch-site': 'none' })).toBe(false)
  })

  it('without Sec-Fetch-Site, compares Origin with the host: case and a default port do not matter, null and garbage are another origin', () => {
    expect(of({ host: 'A.test', origin: 'http://a.test' })).toBe(false)
    expect(of({ host: 'a.test:443', origin: 'https://a.test' })).toBe(false)
    expect(of({ host: 'a.test:8080', origin: 'http://a.test' })).toBe(true)
    expect(of({ host: 'a.test', origin: 'null' })).toBe(true)
    expect(of({ host: 'a.test', origin: 'not a url' })).toBe(true)
    expect(of({ origin: 'http://a.test' })).toBe(true)
  })

  it('takes the first X-Forwarded-Host before Host (a proxy\'s public host)', () => {
    expect(of({ 'host': 'internal:3000', 'x-forwarded-host': 'shop.example, internal:3000', 'origin': 'https://shop.example' })).toBe(false)
    expect(of({ 'host': 'shop.example', 'x-forwarded-host': 'other.example', 'origin': 'https://shop.example' })).toBe(true)
  })

  it('without Sec-Fetch-Site, compares the scheme too: an https page is another origin to an http server of the same host, and the reverse', () => {
    expect(of({ host: 'a.test', origin: 'https://a.test' }, 'http:')).toBe(true)
    expect(of({ host: 'a.test', origin: 'http://a.test' }, 'https:')).toBe(true)
    expect(of({ host: 'a.test', origin: 'https://a.test' }, 'https:')).toBe(false)
    expect(of({ host: 'a.test:443', origin: 'https://a.test' }, 'https:')).toBe(false)
    expect(of({ host: 'a.test:8443', origin: 'https://a.test:8443' }, 'http:')).toBe(true)
    // a host that cannot tell how it was reached: the host alone, as before
    expect(of({ host: 'a.test', origin: 'https://a.test' })).toBe(false)
  })

  it('takes the scheme from the first X-Forwarded-Proto before the connection\'s; a proxy that names the host but not the scheme leaves it unknown', () => {
    expect(of({ 'host': 'a.test', 'x-forwarded-proto': 'https', 'origin': 'https://a.test' }, 'http:')).toBe(false)
    expect(of({ 'host': 'a.test', 'x-forwarded-proto': 'HTTPS, http', 'origin': 'https://a.test' }, 'http:')).toBe(false)
    expect(of({ 'host': 'a.test', 'x-forwarded-proto': 'http', 'origin': 'https://a.test' }, 'https:')).toBe(true)
    expect(of({ 'host': 'internal:3000', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https', 'origin': 'http://shop.example' }, 'http:')).toBe(true)
    expect(of({ 'host': 'internal:3000', 'x-forwarded-host': 'shop.example', 'origin': 'https://shop.example' }, 'http:')).toBe(false)
    expect(of({ 'host': 'a.test', 'x-forwarded-proto': 'not a scheme', 'origin': 'https://a.test' }, 'https:')).toBe(true)
  })

  it('a request with neither header (curl, a webhook, a server) is no browser\'s: not another origin', () => {
    expect(of({ host: 'a.test' })).toBe(false)
    expect(of({})).toBe(false)
  })
})

describe('trustedOrigins', () => {
  afterEach(() => setModuleTrustedOrigins([]))

  it('takes origins as browsers send them, and * ; a string is a comma-separated list', () => {
    expect([...trustedOriginsOf(['https://pay.example', 'http://localhost:3000', 'http://[::1]:8080', '*'], 'defineAction')]).toEqual(['https://pay.example', 'http://localhost:3000', 'http://[::1]:8080', '*'])
    expect([...trustedOriginsOf(' https://a.test , https://b.test ,', 'actionRoute')]).toEqual(['https://a.test', 'https://b.test'])
    expect([...trustedOriginsOf(undefined, 'actionRoute')]).toEqual([])
  })

  it.each([
    [['https://pay.example/return'], '"https://pay.example/return"'],
    [['https://pay.example/'], '"https://pay.example/"'],
    [['https://Pay.example'], '"https://Pay.example"'],
    [['https://pay.example:443'], '"https://pay.example:443"'],
    [['pay.example'], '"pay.example"'],
    [['https://pay.example?x'], '"https://pay.example?x"'],
    [['https://user@pay.example'], '"https://user@pay.example"'],
    [['null'], '"null"'],
    [[42], '42'],
    [5, '5'],
    [true, 'true'],
    [{ origin: 'https://pay.example' }, '{"origin":"https://pay.example"}'],
  ])('refuses %j, quoting it', (value, given) => {
    expect(() => trustedOriginsOf(value, 'actionRoute')).toThrow(`actionRoute: \`trustedOrigins\` takes origins as browsers send them ("https://pay.example") or "*", got ${given}`)
  })

  it('runtime config sets the module-wide list (NUXT_ACTION_ROUTE_TRUSTED_ORIGINS arrives comma-separated or as a JSON array); a bad one throws before anything is set', () => {
    applyConfiguredLimits({ trustedOrigins: 'https://a.test,https://b.test' })
    expect([...moduleTrustedOrigins.current]).toEqual(['https://a.test', 'https://b.test'])
    applyConfiguredLimits({ trustedOrigins: ['https://c.test'] })
    expect([...moduleTrustedOrigins.current]).toEqual(['https://c.test'])
    expect(() => applyConfiguredLimits({ trustedOrigins: 'https://c.test/path' })).toThrow(/got "https:\/\/c.test\/path"/)
    expect([...moduleTrustedOrigins.current]).toEqual(['https://c.test'])
  })

  it('NUXT_ACTION_ROUTE_TRUSTED_ORIGINS as Nitro 3 gives it (the text unparsed) reads as on Nitro 2: a JSON array is the list, a number is refused as a number', () => {
    applyConfiguredLimits({ trustedOrigins: '["https://d.test","https://e.test"]' })
    expect([...moduleTrustedOrigins.current]).toEqual(['https://d.test', 'https://e.test'])
    expect(() => applyConfiguredLimits({ trustedOrigins: '42' })).toThrow(/, got 42$/)
    expect(() => applyConfiguredLimits({ trustedOrigins: 42 })).toThrow(/, got 42$/)
  })
})
