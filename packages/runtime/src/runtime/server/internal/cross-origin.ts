/** Reads one request header by its lower-case name; `null` or `undefined` when it is absent. */
export type HeaderReader = (name: string) => string | null | undefined

/**
 * Whether a browser marks a request as coming from another origin: by
 * `Sec-Fetch-Site` when it sends one (anything but `same-origin`, or `none`
 * for the user's own navigation), else by an `Origin` that is not the
 * request's own host (`X-Forwarded-Host` before `Host`, so an app behind a
 * proxy compares with the host its users see). `Origin: null` (a sandboxed
 * frame, a redirect across sites) is another origin. A request with neither
 * header comes from no browser (every browser sends `Origin` on a cross-origin
 * post), so it carries no cookie a browser adds on another page's behalf.
 * The one rule of the action routes and the no-JS form path.
 * @example
 * isCrossOrigin(name => new Headers({ 'sec-fetch-site': 'same-site' }).get(name)) // true
 * isCrossOrigin(name => ({ host: 'a.test', origin: 'https://a.test' })[name]) // false
 */
export function isCrossOrigin(header: HeaderReader): boolean {
  const site = header('sec-fetch-site')
  if (site != null) return site !== 'same-origin' && site !== 'none'
  const origin = header('origin')
  if (origin == null) return false
  // a proxy may list several hosts: the first is the one the browser asked for
  const host = header('x-forwarded-host')?.split(',', 1)[0]!.trim() || header('host')
  if (!host) return true
  try {
    const from = new URL(origin)
    // the same URL parser on both sides, so case and a default port (`:443` on https) compare equal
    return from.origin === 'null' || from.host !== new URL(`${from.protocol}//${host}`).host
  }
  catch {
    // `Origin: null` and anything unparsable
    return true
  }
}
