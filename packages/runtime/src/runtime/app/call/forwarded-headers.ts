import { CALLER_HEADER, callerAddressHeader } from '../../server/client-address/caller-address'

/**
 * The page request's headers an action called during SSR receives: what
 * identifies the user and where they connect from, as the browser would
 * send them to the same action, and the host the page was asked for (as
 * h3's own in-app fetch does), so `getRequestURL` agrees with the page's.
 * Never what describes the page request's own
 * body or connection (content-type, content-length, content-encoding,
 * transfer-encoding, expect, connection, upgrade, te...): those belong to
 * the page request and would break the action's (a 413 for a big page POST,
 * a JSON input read as a form).
 */
export const FORWARDED_REQUEST_HEADERS = [
  'host',
  'cookie',
  'authorization',
  'accept-language',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'forwarded',
  'x-real-ip',
] as const

/**
 * Whether a call stays inside the app (a path from its root), so the page
 * request's headers may go with it. An absolute or protocol-relative URL
 * reaches another server, which must not receive the user's cookies.
 * @example
 * staysInApp('/api/todos') // true
 * staysInApp('//evil.example/api') // false
 */
export function staysInApp(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')
}

/**
 * The headers of an SSR call: the forwarded page headers for a call inside
 * the app, with the page request's client address (`x-action-route-caller`,
 * which the caller-address plugin applies: an in-process request has no
 * address of its own), then the call's own headers, which win whatever their case.
 * @example
 * ssrCallHeaders('/api/me', { cookie: 'a=1' }, { 'X-Trace': 't' }) // { cookie: 'a=1', 'x-trace': 't' }
 * ssrCallHeaders('/api/me', {}, {}, '203.0.113.7') // { 'x-action-route-caller': '<token> 203.0.113.7' }
 */
export function ssrCallHeaders(url: string, pageHeaders: Record<string, string | undefined>, own: Record<string, string> = {}, clientAddress?: string): Record<string, string> {
  const headers: Record<string, string> = Object.create(null)
  if (staysInApp(url)) {
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = pageHeaders[name]
      if (value) headers[name] = value
    }
    if (clientAddress) headers[CALLER_HEADER] = callerAddressHeader(clientAddress)
  }
  for (const [name, value] of Object.entries(own)) headers[name.toLowerCase()] = value
  return { ...headers }
}
