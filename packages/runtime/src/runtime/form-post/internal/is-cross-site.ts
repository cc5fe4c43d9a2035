/**
 * Whether a browser says a request comes from another site: `Sec-Fetch-Site`
 * other than `same-origin` (or `none`, a user's own navigation), else an
 * `Origin` whose host is not the request's. A request with neither header
 * comes from no browser (every browser sends `Origin` on a form post), so it
 * carries no cookie a browser would add on another site's behalf.
 * @example
 * isCrossSite(new Headers({ 'sec-fetch-site': 'cross-site' })) // true
 * isCrossSite(new Headers({ host: 'a.test', origin: 'https://a.test' })) // false
 */
export function isCrossSite(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site')
  if (site !== null) return site !== 'same-origin' && site !== 'none'
  const origin = headers.get('origin')
  if (origin === null) return false
  const host = headers.get('x-forwarded-host') ?? headers.get('host')
  try {
    return !host || new URL(origin).host !== host.toLowerCase()
  }
  catch {
    // `Origin: null` (a sandboxed frame, a redirect across sites) and anything unparsable
    return true
  }
}
