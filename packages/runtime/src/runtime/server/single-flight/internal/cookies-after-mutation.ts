import { parse, parseSetCookie } from 'cookie-es'

/** Whether a cookie of `cookiePath` goes with a request for `requestPath`, as a browser decides (RFC 6265, 5.1.4). */
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true
  return requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/')
}

/** Whether a parsed Set-Cookie removes its cookie: Max-Age 0 or less, or (without Max-Age) an Expires already past. */
function removes(cookie: { maxAge?: number, expires?: Date }, now: number): boolean {
  if (cookie.maxAge !== undefined && !Number.isNaN(cookie.maxAge)) return cookie.maxAge <= 0
  return cookie.expires !== undefined && cookie.expires.getTime() <= now
}

/**
 * The Cookie header a browser would send for `requestPath` once it has taken
 * a mutation's answer: the request's own cookies, with each cookie the answer
 * set replacing the one of its name, and each one it cleared (Max-Age 0 or
 * less, an Expires in the past) left out. A Set-Cookie whose Path does not
 * cover `requestPath` changes nothing; one without a Path is taken to cover
 * it (h3's `setCookie` writes `Path=/` unless told otherwise). Values are
 * kept as they were sent, not decoded. `setCookies` holds one cookie per
 * entry, as h3 keeps them on either major.
 * @example
 * cookiesAfterMutation('session=ada; theme=dark', ['session=; Max-Age=0; Path=/'], '/api/profile') // 'theme=dark'
 * cookiesAfterMutation('theme=dark', ['session=grace-token; Path=/; HttpOnly'], '/api/profile') // 'theme=dark; session=grace-token'
 */
export function cookiesAfterMutation(cookieHeader: string | undefined, setCookies: readonly string[], requestPath: string, now = Date.now()): string {
  const keep = (value: string) => value
  const jar = new Map(Object.entries(cookieHeader ? parse(cookieHeader, { decode: keep }) : {}))
  for (const line of setCookies) {
    const cookie = parseSetCookie(line, { decode: keep }) as { name: string, value: string, maxAge?: number, expires?: Date, path?: unknown }
    if (!cookie.name) continue
    if (typeof cookie.path === 'string' && cookie.path.startsWith('/') && !pathMatches(requestPath, cookie.path)) continue
    if (removes(cookie, now)) jar.delete(cookie.name)
    else jar.set(cookie.name, cookie.value)
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}
