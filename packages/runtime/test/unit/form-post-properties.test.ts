import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formToInput } from '../../src/runtime/app/forms/form-input'
import type { FormPostRequest, LocalFetch } from '../../src/runtime/form-post/handle-form-post'
import { handleFormPost, refusalBody } from '../../src/runtime/form-post/handle-form-post'

// Field names as hostile posts make them: indexes small and huge, prototype member names, deep paths
const segments = fc.oneof(
  fc.nat({ max: 3 }).map(String),
  fc.nat({ max: 5000 }).map(String),
  fc.constantFrom('99999999', '01', '', 'a', 'items', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'constructor', 'prototype', 'length'),
  fc.string({ maxLength: 4 }),
)
const names = fc.oneof(
  fc.array(segments, { minLength: 1, maxLength: 6 }).map(parts => parts.join('.')),
  fc.integer({ min: 1, max: 300 }).map(levels => Array.from({ length: levels }, () => 'a').join('.')),
)
const values = fc.oneof(fc.constant(''), fc.string({ maxLength: 8 }))
// and the worst case: N names, each at index N-1
const grids = fc.integer({ min: 20, max: 300 }).map(size => Array.from({ length: size }, (_, index): [string, string] => [`k${index}.${size - 1}`, 'v']))
const entries = fc.oneof(fc.array(fc.tuple(names, values), { maxLength: 200 }), grids)

const limits = { maxBodySize: 64 * 1024, maxFormFields: 100, maxFormFiles: 2, maxJsonDepth: 16 }

function pagePost(body: Uint8Array, contentType: string): FormPostRequest {
  return {
    method: 'POST',
    url: new URL('/page?__action=/api/x', 'http://app.test'),
    headers: new Headers({ 'host': 'app.test', 'content-type': contentType, 'content-length': String(body.length) }),
    readBody: async () => body,
  }
}

describe('the form path (properties)', () => {
  it('formToInput never throws, never touches Object.prototype, and builds JSON linear in the size of the form', () => {
    fc.assert(fc.property(entries, (form) => {
      const input = formToInput(form)
      const posted = form.reduce((size, [name, value]) => size + name.length + value.length + 2, 0)
      expect(JSON.stringify(input).length).toBeLessThanOrEqual(8 * posted + 2)
      expect(Object.getPrototypeOf(input)).toBe(Object.prototype)
    }), { numRuns: 500 })
    expect(Object.prototype).not.toHaveProperty('polluted')
    expect(({} as Record<string, unknown>).toString).toBe(Object.prototype.toString)
  })

  it('a page post either is refused with a 4xx envelope or reaches the action as a bounded JSON body; over maxFormFields it is always refused', async () => {
    const bodies = fc.oneof(
      entries.map(form => ({ text: new URLSearchParams(form).toString(), type: 'application/x-www-form-urlencoded', fields: form.length })),
      fc.string({ maxLength: 300 }).map(text => ({ text, type: 'application/x-www-form-urlencoded', fields: undefined })),
      fc.tuple(fc.array(names, { maxLength: 120 }), fc.nat({ max: 4 })).map(([fields, files]) => ({
        text: `${[...fields.map(name => `--b\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '')}"\r\n\r\nv\r\n`),
          ...Array.from({ length: files }, (_, index) => `--b\r\nContent-Disposition: form-data; name="f${index}"; filename="f.txt"\r\n\r\nx\r\n`)].join('')}--b--\r\n`,
        type: 'multipart/form-data; boundary=b',
        fields: fields.length + files,
      })),
      fc.string({ maxLength: 100 }).map(text => ({ text, type: 'multipart/form-data; boundary=b', fields: undefined })),
    )
    await fc.assert(fc.asyncProperty(bodies, async ({ text, type, fields }) => {
      const body = new TextEncoder().encode(text)
      let sent: string | Uint8Array | undefined
      const fetchLocal: LocalFetch = async (_path, init) => {
        sent = init.body
        return new Response('{"success":true,"data":null}', { headers: { 'content-type': 'application/json' } })
      }
      const outcome = await handleFormPost(pagePost(body, type), fetchLocal, limits)
      if (outcome.kind === 'refuse') {
        expect([400, 413]).toContain(outcome.status)
        const envelope = JSON.parse(refusalBody(outcome))
        expect(envelope).toEqual({ success: false, error: { code: outcome.code, message: outcome.message, statusCode: outcome.status } })
        expect(sent).toBeUndefined()
        return
      }
      expect(outcome.kind).toBe('redirect')
      expect(fields === undefined || fields <= limits.maxFormFields).toBe(true)
      expect(typeof sent === 'string' ? sent.length : sent!.length).toBeLessThanOrEqual(8 * body.length + 4096)
    }), { numRuns: 400 })
    expect(Object.prototype).not.toHaveProperty('polluted')
  })
})
