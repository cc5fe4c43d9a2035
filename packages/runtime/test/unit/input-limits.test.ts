import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { z } from 'zod'
import { actionDefaults, setActionDefaults } from '../../src/runtime/server/body/action-defaults'
import { applyConfiguredLimits } from '../../src/runtime/server/body/configured-limits'
import { countMultipartEntries, countUrlencodedFields } from '../../src/runtime/server/body/count-form-entries'
import { isNestedDeeperThan } from '../../src/runtime/server/body/json-depth'
import type { TestServer } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

describe.each(hosts)('input-limits on $name', (host) => {
  let server: TestServer
  beforeAll(async () => {
    server = await host.serve({
      '/echo': host.defineAction({ maxBodySize: 4 * 1024 * 1024, handler: ({ input }) => ({ input }) }),
      '/tight': host.defineAction({ maxFormFields: 3, maxFormFiles: 1, maxJsonDepth: 2, handler: ({ input }) => ({ input }) }),
      '/raised': host.defineAction({ maxBodySize: 4 * 1024 * 1024, maxFormFields: 200_000, handler: ({ input }) => Object.keys(input as object).length }),
      '/client': host.createActionClient({ maxFormFields: 1 }).handler(({ input }) => input),
      '/schema': host.defineAction({ input: z.object({ n: z.number() }), handler: ({ input }) => input }),
    })
  })
  afterAll(() => server.close())

  /** Sends a body with node:http and reads the envelope. */
  function send(path: string, contentType: string, body: string | Uint8Array, method = 'POST'): Promise<{ status: number, body: { success: boolean, data?: unknown, error?: { code: string, message: string, statusCode: number } } }> {
    return new Promise((resolve, reject) => {
      const req = request(new URL(path, server.url), { method, headers: { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', chunk => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }))
      })
      req.on('error', reject)
      req.end(body)
    })
  }

  const URLENCODED = 'application/x-www-form-urlencoded'
  const multipart = (boundary: string, parts: string[]) => `${parts.map(part => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`
  const field = (name: string, value = '1') => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`
  const file = (name: string, content = 'x') => `Content-Disposition: form-data; name="${name}"; filename="${name}.txt"\r\nContent-Type: text/plain\r\n\r\n${content}`
  const encode = (text: string) => new TextEncoder().encode(text)
  const fields = (count: number) => Array.from({ length: count }, (_, index) => `k${index}=1`).join('&')

  describe('form limits', () => {
    it('refuses a urlencoded body of more than 1000 fields with PAYLOAD_TOO_LARGE 413 by default', async () => {
      expect((await send('/echo', URLENCODED, fields(1000))).status).toBe(200)
      const { status, body } = await send('/echo', URLENCODED, fields(1001))
      expect(status).toBe(413)
      expect(body).toEqual({ success: false, error: { code: 'PAYLOAD_TOO_LARGE', message: 'Form data has more than 1000 fields', statusCode: 413 } })
    })

    it('counts urlencoded fields as the runtime\'s form parser does: empty pieces between & are not fields', async () => {
      expect(countUrlencodedFields(encode('&&a=1&&&b=2&'), 10)).toBe(2)
      expect(countUrlencodedFields(encode(''), 10)).toBe(0)
      expect(countUrlencodedFields(encode('a'), 10)).toBe(1)
      expect(countUrlencodedFields(encode('?&a'), 10)).toBe(1)
      await fc.assert(fc.asyncProperty(fc.array(fc.oneof(fc.constant(''), fc.string({ unit: 'binary-ascii' }))), async (pieces) => {
        const text = pieces.join('&')
        const form = await new Response(text, { headers: { 'content-type': URLENCODED } }).formData()
        expect(countUrlencodedFields(encode(text), Number.MAX_SAFE_INTEGER)).toBe([...form].length)
      }), { numRuns: 1000 })
      const body = await send('/echo', URLENCODED, `${'&'.repeat(5000)}a=1`)
      expect(body).toEqual({ status: 200, body: { success: true, data: { input: { a: '1' } } } })
    })

    it('refuses a multipart body of more than 1000 parts with PAYLOAD_TOO_LARGE 413 by default', async () => {
      const ok = await send('/echo', 'multipart/form-data; boundary=XYZ', multipart('XYZ', Array.from({ length: 1000 }, (_, index) => field(`f${index}`))))
      expect(ok.status).toBe(200)
      const { status, body } = await send('/echo', 'multipart/form-data; boundary=XYZ', multipart('XYZ', Array.from({ length: 1001 }, (_, index) => field(`f${index}`))))
      expect(status).toBe(413)
      expect(body.error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Form data has more than 1000 fields', statusCode: 413 })
    })

    it('refuses a multipart body of more than 10 files with PAYLOAD_TOO_LARGE 413 by default', async () => {
      const ok = await send('/echo', 'multipart/form-data; boundary=XYZ', multipart('XYZ', Array.from({ length: 10 }, (_, index) => file(`f${index}`))))
      expect(ok.status).toBe(200)
      const { status, body } = await send('/echo', 'multipart/form-data; boundary=XYZ', multipart('XYZ', Array.from({ length: 11 }, (_, index) => file(`f${index}`))))
      expect(status).toBe(413)
      expect(body.error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Form data has more than 10 files', statusCode: 413 })
    })

    it('applies per-action limits on fields and files', async () => {
      expect((await send('/tight', URLENCODED, 'a=1&b=2&c=3')).status).toBe(200)
      expect((await send('/tight', URLENCODED, 'a=1&b=2&c=3&d=4')).body.error?.message).toBe('Form data has more than 3 fields')
      expect((await send('/tight', 'multipart/form-data; boundary=b', multipart('b', [file('a'), field('b')]))).status).toBe(200)
      expect((await send('/tight', 'multipart/form-data; boundary=b', multipart('b', [file('a'), file('b')]))).body.error?.message).toBe('Form data has more than 1 files')
      expect((await send('/client', URLENCODED, 'a=1&b=2')).body.error?.message).toBe('Form data has more than 1 fields')
    })

    it('accepts a raised per-action field limit', async () => {
      expect((await send('/raised', URLENCODED, fields(100_000))).body).toEqual({ success: true, data: 100_000 })
    })

    it('counts multipart parts by the boundary the runtime reads (the first, quoted or not), not by look-alike lines', () => {
      const body = multipart('XYZ', [field('a', 'x --XYZ inside a value\r\n--XY'), file('b', '\r\n--XYZnot-a-delimiter?'), field('c')])
      // the look-alike inside b's content is a delimiter to any parser; the one in a's value is not at a line start
      expect(countMultipartEntries(encode(body), 'multipart/form-data; boundary=XYZ', 100)).toEqual({ fields: 4, files: 1 })
      expect(countMultipartEntries(encode(body), 'multipart/form-data; BOUNDARY="XYZ"; boundary=other', 100)).toEqual({ fields: 4, files: 1 })
      expect(countMultipartEntries(encode(multipart('a b', [field('a')])), 'multipart/form-data; boundary="a b"', 100)).toEqual({ fields: 1, files: 0 })
      expect(countMultipartEntries(encode(multipart('ABC', [field('filename'), file('f')])), 'multipart/form-data; boundary="A\\BC"', 100)).toEqual({ fields: 2, files: 1 })
      expect(countMultipartEntries(encode(body), 'multipart/form-data', 100)).toEqual({ fields: 0, files: 0 })
    })

    it('finds the boundary the runtime uses even when an earlier parameter quotes a look-alike, so the count cannot be dodged', async () => {
      const parts = Array.from({ length: 1001 }, (_, index) => field(`f${index}`))
      for (const contentType of ['multipart/form-data; x="; boundary=QQ"; boundary=b', 'multipart/form-data; x="\\"; boundary=QQ"; boundary=b', 'multipart/form-data; boundary =QQ; boundary=b']) {
        const { status, body } = await send('/echo', contentType, multipart('b', parts))
        expect(status, contentType).toBe(413)
        expect(body.error?.message).toBe('Form data has more than 1000 fields')
      }
      expect(countMultipartEntries(new TextEncoder().encode(multipart('b', [field('a')])), 'multipart/form-data; x="; boundary=QQ"; boundary=b', 100)).toEqual({ fields: 1, files: 0 })
    })

    it('never counts fewer parts than the runtime\'s FormData parser reads, whatever the content type\'s parameters (property)', async () => {
      const names = fc.constantFrom('boundary', 'BOUNDARY', 'x', 'boundary ', ' boundary', 'charset')
      const quoted = fc.array(fc.constantFrom('b', 'QQ', ';', '; boundary=', '\\"', '\\', 'x', ' '), { maxLength: 5 }).map(parts => `"${parts.join('')}"`)
      const values = fc.oneof(fc.constantFrom('b', 'QQ', 'a b', 'x', '', 'b '), quoted)
      const parametersOf = fc.array(fc.tuple(fc.constantFrom(';', '; ', ' ;'), names, fc.constantFrom('=', ''), values), { maxLength: 4 })
        .map(list => list.map(([separator, name, equals, value]) => `${separator}${name}${equals}${value}`))
      const candidates = ['b', 'QQ', 'a b', 'x', 'b ']
      await fc.assert(fc.asyncProperty(parametersOf, async (parameters) => {
        const contentType = `multipart/form-data${parameters.join('')}`
        for (const candidate of candidates) {
          const body = new TextEncoder().encode(multipart(candidate, [field('f1'), file('f2'), field('f3')]))
          let parsed: FormData
          try {
            parsed = await new Response(body, { headers: { 'content-type': contentType } }).formData()
          }
          catch {
            continue
          }
          const count = countMultipartEntries(body, contentType, 100)
          expect(count.fields, contentType).toBeGreaterThanOrEqual([...parsed].length)
          expect(count.files, contentType).toBeGreaterThanOrEqual([...parsed.values()].filter(value => typeof value !== 'string').length)
        }
      }), { numRuns: 1000 })
    })

    it('answers bodies dense with separators or delimiter look-alikes with a 4xx or a success', async () => {
      const big = (byte: number) => new Uint8Array(1_000_000).fill(byte)
      expect((await send('/echo', 'multipart/form-data; boundary=b', big(0x0D))).body.error?.code).toBe('PARSE_ERROR')
      expect((await send('/echo', 'multipart/form-data; boundary=b', `--b\r\n${'\r\n--'.repeat(200_000)}`)).body.error?.code).toBe('PARSE_ERROR')
      expect((await send('/echo', URLENCODED, big(0x26))).body).toEqual({ success: true, data: { input: {} } })
      const long = 'a'.repeat(500)
      const lookAlikes = `--${long}\r\n${field('x')}${`\r\n--${long.slice(1)}b`.repeat(1000)}\r\n--${long}--\r\n`
      expect(countMultipartEntries(encode(lookAlikes), `multipart/form-data; boundary=${long}`, 100)).toEqual({ fields: 1, files: 0 })
    })

    it('a form within the limits is still parsed into a plain object', async () => {
      const { body } = await send('/echo', 'multipart/form-data; boundary=XYZ', multipart('XYZ', [field('a'), field('a', '2'), field('filename', 'x')]))
      expect(body).toEqual({ success: true, data: { input: { a: ['1', '2'], filename: 'x' } } })
    })

    it('refuses an over-limit form before building it: a cut-short multipart body over the limit answers 413, not 400', async () => {
      const parts = Array.from({ length: 14_000 }, (_, index) => `--b\r\n${field(`f${index}`, 'x'.repeat(30))}\r\n`).join('')
      expect((await send('/echo', 'multipart/form-data; boundary=b', `--b\r\n${field('a')}`)).body.error?.code).toBe('PARSE_ERROR')
      const { status, body } = await send('/echo', 'multipart/form-data; boundary=b', parts)
      expect(status).toBe(413)
      expect(body.error?.message).toBe('Form data has more than 1000 fields')
    })
  })

  describe('nesting limit', () => {
    it('refuses a JSON body nested deeper than 128 levels with PAYLOAD_TOO_LARGE 413 by default', async () => {
      expect((await send('/echo', 'application/json', `${'['.repeat(128)}${']'.repeat(128)}`)).status).toBe(200)
      const { status, body } = await send('/echo', 'application/json', `${'['.repeat(129)}${']'.repeat(129)}`)
      expect(status).toBe(413)
      expect(body.error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is nested deeper than 128 levels', statusCode: 413 })
    })

    it('answers 413, not 500, for 100,000 levels of nesting sent to an action without a schema', async () => {
      for (const text of [`${'['.repeat(100_000)}${']'.repeat(100_000)}`, `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`]) {
        const { status, body } = await send('/echo', 'application/json', text)
        expect(status).toBe(413)
        expect(body.error?.code).toBe('PAYLOAD_TOO_LARGE')
      }
    })

    it('applies a per-action nesting limit, counting brackets only outside strings', async () => {
      expect((await send('/tight', 'application/json', '{"a":{"b":"[[[{{{\\"[["}}')).status).toBe(200)
      expect((await send('/tight', 'application/json', '{"a":{"b":[1]}}')).body.error?.message).toBe('Request body is nested deeper than 2 levels')
    })

    it('measures the nesting of any JSON text exactly (property)', () => {
      const depthOf = (value: unknown): number => typeof value === 'object' && value !== null
        ? 1 + Math.max(0, ...Object.values(value).map(depthOf))
        : 0
      fc.assert(fc.property(fc.jsonValue({ maxDepth: 8 }), fc.nat({ max: 10 }), (value, limit) => {
        const text = JSON.stringify(value)
        expect(isNestedDeeperThan(text, limit)).toBe(depthOf(value) > limit)
      }), { numRuns: 1000 })
    })

    it('keeps the nesting check off small bodies: a body no longer than the limit cannot be deeper', () => {
      expect(isNestedDeeperThan('[[[', 3)).toBe(false)
      expect(isNestedDeeperThan('[[[[', 3)).toBe(true)
    })

    it('skips strings, escaped quotes and backslashes included, short or long', () => {
      for (const filler of ['', 'x'.repeat(100)]) {
        expect(isNestedDeeperThan(`"${filler}[[[[[[[["`, 3), filler).toBe(false)
        expect(isNestedDeeperThan(`["${filler}\\\\",[[[1]]]]`, 3), filler).toBe(true)
        expect(isNestedDeeperThan(`["${filler}\\"",[[1]]]`, 3), filler).toBe(false)
        expect(isNestedDeeperThan(`["${filler}\\"[[[[",[[1]]]`, 3), filler).toBe(false)
        expect(isNestedDeeperThan(`["${filler}é[[[[",[[1]]]`, 3), filler).toBe(false)
      }
    })

    it('finds the nesting of strings of any content and length (property)', () => {
      fc.assert(fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 200 }), { maxLength: 5 }), fc.nat({ max: 6 }), (strings, depth) => {
        const text = `${'['.repeat(depth)}${JSON.stringify(strings)}${']'.repeat(depth)}`
        expect(isNestedDeeperThan(text, depth)).toBe(true)
        expect(isNestedDeeperThan(text, depth + 1)).toBe(false)
      }), { numRuns: 1000 })
    })
  })

  describe('client-shaped values answer 4xx or succeed', () => {
    const values: Array<[string, string, number]> = [
      ['1e999', '{"n":1e999}', 200],
      ['-1e999', '{"n":-1e999}', 200],
      ['a 300-digit integer', `{"n":${'9'.repeat(300)}}`, 200],
      ['a 100 KB key', `{"${'k'.repeat(100_000)}":1}`, 200],
      ['a 1 MB string', `{"s":"${'x'.repeat(1_000_000)}"}`, 200],
      ['100k keys', `{${Array.from({ length: 100_000 }, (_, index) => `"k${index}":0`).join(',')}}`, 200],
      ['an array of 200k elements', `[${Array.from({ length: 200_000 }, () => '[0]').join(',')}]`, 200],
      ['a long run of escapes', `{"s":"${'\\u0000'.repeat(100_000)}"}`, 200],
    ]
    it.each(values)('%s answers success without a schema', async (_name, text, status) => {
      expect((await send('/echo', 'application/json', text)).status).toBe(status)
    })
    it.each(values)('%s answers 4xx or success with a schema and the default body limit', async (_name, text) => {
      const { status, body } = await send('/schema', 'application/json', text)
      expect(status).toBeLessThan(500)
      expect(status === 200 || body.error?.code === 'VALIDATION_ERROR' || body.error?.code === 'PAYLOAD_TOO_LARGE').toBe(true)
    })
  })

  describe('option validation', () => {
    it('throws a TypeError naming defineAction for a bad maxFormFields, maxFormFiles or maxJsonDepth', () => {
      for (const name of ['maxFormFields', 'maxFormFiles', 'maxJsonDepth']) {
        for (const bad of [-1, 1.5, '10', Number.NaN, Infinity, null]) {
          expect(() => host.defineAction({ [name]: bad, handler: () => 1 } as never), `${name} ${String(bad)}`)
            .toThrow(new TypeError(`defineAction: \`${name}\` must be a whole number (0 or more), got ${typeof bad === 'string' ? `"${bad}"` : String(bad)}`))
        }
      }
      expect(() => host.defineAction({ maxFormFields: 0, maxFormFiles: 0, maxJsonDepth: 0, handler: () => 1 })).not.toThrow()
    })

    it('throws a TypeError naming actionRoute for bad module-wide limits, and keeps the old defaults', () => {
      expect(() => setActionDefaults({ maxFormFiles: -2 })).toThrow(new TypeError('actionRoute: `maxFormFiles` must be a whole number (0 or more), got -2'))
      expect(actionDefaults).toMatchObject({ maxFormFields: 1000, maxFormFiles: 10, maxJsonDepth: 128 })
    })

    it('reads an environment override (text) as its number, and quotes any other text in the error', () => {
      const before = { ...actionDefaults }
      try {
        for (const bad of ['abc', '', ' ', '12kb']) {
          expect(() => applyConfiguredLimits({ maxBodySize: bad }), JSON.stringify(bad))
            .toThrow(new TypeError(`actionRoute: \`maxBodySize\` must be a whole number of bytes (0 or more), got ${JSON.stringify(bad)}`))
        }
        expect(() => applyConfiguredLimits({ maxJsonDepth: '1.5' })).toThrow('got 1.5')
        expect(actionDefaults).toEqual(before)
        applyConfiguredLimits({ maxBodySize: '2048', maxFormFiles: 3 })
        expect(actionDefaults).toMatchObject({ maxBodySize: 2048, maxFormFiles: 3 })
      }
      finally {
        setActionDefaults(before)
      }
    })
  })

  describe('query keys', () => {
    it('drops a prototype key from a GET query, as __proto__ and constructor are dropped', async () => {
      const response = await fetch(`${server.url}/echo?prototype=1&%70rototype=2&__proto__=3&constructor=4&ok=1`)
      expect(await response.json()).toEqual({ success: true, data: { input: { ok: '1' } } })
    })
  })
})
