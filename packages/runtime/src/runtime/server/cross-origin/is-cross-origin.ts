/** Reads one request header by its lower-case name; `null` or `undefined` when it is absent. */
export type HeaderReader = (name: string) => string | null | undefined

/** The first value of a header a proxy appends to (`X-Forwarded-Host: shop.example, internal:3000`): the browser's. */
function firstOf(value: string | null | undefined): string | undefined {
  return value?.split(',', 1)[0]!.trim() || undefined
}

/**
 * Whether a browser marks a request as coming from another origin: by
 * `Sec-Fetch-Site` when it sends one (anything but `same-origin`, or `none`
 * for the user's own navigation), else by an `Origin` that is not the
 * request's own scheme, host and port. The host is the first
 * `X-Forwarded-Host`, else `Host`; the scheme the first `X-Forwarded-Proto`,
 * else `scheme` (how the server itself was reached, `'http:'` or `'https:'`)
 * unless a proxy named the host but not the scheme; when neither is known,
 * only the host is compared. `Origin: null` (a sandboxed frame, a redirect
 * across sites) is another origin. A request with neither header comes from
 * no browser (every browser sends `Origin` on a cross-origin post), so it
 * carries no cookie a browser adds on another page's behalf. The one rule
 * of the action routes and the no-JS form path.
 * @example
 * isCrossOrigin(name => new Headers({ 'sec-fetch-site': 'same-site' }).get(name)) // true
 * isCrossOrigin(name => ({ host: 'a.test', origin: 'https://a.test' })[name], 'https:') // false
 * isCrossOrigin(name => ({ host: 'a.test', origin: 'https://a.test' })[name], 'http:') // true
 */
export function isCrossOrigin(header: HeaderReader, scheme?: string): boolean {
  const site = header('sec-fetch-site')
  if (site != null) return site !== 'same-origin' && site !== 'none'
  const origin = header('origin')
  if (origin == null) return false
  const forwardedHost = firstOf(header('x-forwarded-host'))
  const host = forwardedHost || header('host')
  if (!host) return true
  // a proxy that names the host but not the scheme says nothing of the scheme the browser used
  const proto = firstOf(header('x-forwarded-proto')) ?? (forwardedHost ? undefined : scheme)
  try {
    const from = new URL(origin)
    if (from.origin === 'null') return true
    const protocol = proto === undefined ? from.protocol : `${proto.toLowerCase().replace(/:$/, '')}:`
    // the same URL parser on both sides, so case and a default port (`:443` on https) compare equal
    return from.protocol !== protocol || from.host !== new URL(`${protocol}//${host}`).host
  }
  catch {
    // `Origin: null`, anything unparsable, a scheme or host no URL can hold
    return true
  }
}
