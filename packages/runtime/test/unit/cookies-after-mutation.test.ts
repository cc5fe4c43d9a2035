import { describe, expect, it } from 'vitest'
import { cookiesAfterMutation } from '../../src/runtime/server/single-flight/internal/cookies-after-mutation'

describe('the Cookie header after a mutation\'s Set-Cookie', () => {
  it('replaces a set cookie\'s value, adds a new one and keeps the rest as sent', () => {
    expect(cookiesAfterMutation('a=1; session=old; b=%20x', ['session=new%3D; Path=/; HttpOnly', 'c=3'], '/api/profile')).toBe('a=1; session=new%3D; b=%20x; c=3')
  })

  it('drops a cookie cleared with Max-Age=0 or a past Expires, and keeps one whose Max-Age outlives a past Expires', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(cookiesAfterMutation('a=1; b=2; c=3', ['a=; Max-Age=0', 'b=; Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'c=4; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT'], '/', now)).toBe('c=4')
  })

  it('keeps a cookie whose Expires is still ahead', () => {
    expect(cookiesAfterMutation('', ['a=1; Path=/', 'b=2; Expires=Wed, 21 Oct 2099 07:28:00 GMT'], '/')).toBe('a=1; b=2')
  })

  it('changes nothing for a request outside the cookie\'s Path', () => {
    expect(cookiesAfterMutation('session=x', ['session=; Max-Age=0; Path=/admin'], '/api/profile')).toBe('session=x')
    expect(cookiesAfterMutation('session=x', ['session=; Max-Age=0; Path=/api'], '/api/profile')).toBe('')
    expect(cookiesAfterMutation('session=x', ['session=; Max-Age=0; Path=/ap'], '/api/profile')).toBe('session=x')
  })
})
