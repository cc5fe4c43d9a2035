import { describe, expect, inject, it } from 'vitest'
import type { RawAnswer as Answer } from '../../packages/runtime/test/helpers/raw-form-post'
import { postRawForm } from '../../packages/runtime/test/helpers/raw-form-post'

const baseURL = inject('playgroundURL')
const postForm = (path: string, body: string) => postRawForm(baseURL, path, body)

const setCookies = (answer: Answer) => ([] as string[]).concat(answer.headers['set-cookie'] ?? [])

describe('the playground\'s form path without JavaScript, against hostile posts', () => {
  it('refuses the 154 KB grid post (11,000 names, each at index 10,999) with a 413 envelope, and answers the next request', async () => {
    const grid = Array.from({ length: 11_000 }, (_, index) => `k${index}.10999=v`).join('&')
    const refused = await postForm('/rsvp?__action=/api/rsvp', grid)
    expect(refused.status).toBe(413)
    expect(JSON.parse(refused.text)).toEqual({ success: false, error: { code: 'PAYLOAD_TOO_LARGE', message: 'Form data has more than 1000 fields', statusCode: 413 } })
    const next = await fetch(`${baseURL}/api/todos`)
    expect(next.status).toBe(401)
    expect((await next.json() as { success: boolean }).success).toBe(false)
  })

  it('refuses 85,000 empty fields and a 60,000-level field name with 413 envelopes', async () => {
    for (const body of ['&a='.repeat(85_000).slice(0, 250_000), `${Array.from({ length: 60_000 }, () => 'a').join('.')}=v`]) {
      const refused = await postForm('/todos?__action=/api/session', body)
      expect(refused.status).toBe(413)
      expect(JSON.parse(refused.text).error.code).toBe('PAYLOAD_TOO_LARGE')
    }
  })

  it('redirects a success only to a path of this origin', async () => {
    const signedIn = await postForm('/.//evil.example/?__action=/api/session', 'name=Ada&password=lovelace')
    expect(signedIn.status).toBe(303)
    expect(signedIn.headers.location).toBe('/evil.example/')
  })

  it('lets no text of the request path add attributes to the flash cookie', async () => {
    const signedIn = await postForm('/x;Path=/;Domain=127.0.0.1;SameSite=None?__action=/api/session', 'name=Ada&password=lovelace')
    expect(signedIn.status).toBe(303)
    const flash = setCookies(signedIn).find(cookie => cookie.startsWith('action-route-form='))!
    expect(flash.split(';').slice(1).map(part => part.trim())).toEqual(['Path=/', 'Max-Age=60', 'HttpOnly', 'SameSite=Lax'])
  })

  it('renders the 422 page without the posted password or card number', async () => {
    const failed = await postForm('/rsvp?__action=/api/rsvp', 'name=A&email=bad&password=hunter2&card_number=4111111111111111')
    expect(failed.status).toBe(422)
    expect(failed.text).toContain('Enter a valid email')
    expect(failed.text).toContain('value="bad"')
    expect(failed.text).not.toContain('hunter2')
    expect(failed.text).not.toContain('4111111111111111')
  })
})
