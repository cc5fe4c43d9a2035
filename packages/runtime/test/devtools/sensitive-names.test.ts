import { describe, expect, it } from 'vitest'
import { isSensitiveName } from '../../src/runtime/server/sensitive-names'

describe('sensitive names', () => {
  it.each([
    'password', 'newPassword', 'confirm_password', 'otp', 'pin', 'cvc', 'card', 'cardNumber', 'credit-card',
    'token', 'githubToken', 'AUTHTOKEN', 'x-csrf-token', 'x-amz-security-token', 'secret', 'client_secret',
    'key', 'apiKey', 'x-api-key', 'private_key', 'jwt', 'idToken', 'sessionId', 'session_id', 'sessionid', 'session',
    'auth', 'x-auth-token', 'authCode', 'authorization', 'Proxy-Authorization', 'sig', 'signature', 'x-hub-signature-256',
    'cookie', 'set-cookie', 'credentials', 'SSN',
  ])('redacts %s', (name) => {
    expect(isSensitiveName(name)).toBe(true)
  })

  it.each([
    'keyboard', 'monkey', 'keyword', 'keep-alive', 'author', 'authority', 'design', 'signal', 'signup', 'discard',
    'cardinal', 'cards', 'sessions', 'email', 'name', 'page', 'accept', 'content-type', 'x-request-id', 'user-agent',
    'sec-fetch-site', 'passenger', 'description',
  ])('keeps %s', (name) => {
    expect(isSensitiveName(name)).toBe(false)
  })

  it('takes extra names in any spelling', () => {
    expect(isSensitiveName('member_number', ['memberNumber'])).toBe(true)
    expect(isSensitiveName('Member-Number', ['member number'])).toBe(true)
    expect(isSensitiveName('member', ['memberNumber'])).toBe(false)
  })
})
