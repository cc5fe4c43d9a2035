import { createHash, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { H3Event } from 'h3'
import { defineEventHandler, getRequestHeader, setResponseHeaders, setResponseStatus } from 'h3'

/** The request header that carries Nuxt DevTools' dev auth token (the panel's shared/types.ts says the same). */
export const DEVTOOLS_TOKEN_HEADER = 'x-action-route-token'

/** What the guard needs to know. */
export interface DevtoolsGuardOptions {
  /** The prefix it guards, every path under it included. */
  base: string
  /** Nuxt DevTools' token file, `~/.nuxt/devtools/dev-auth-token.txt`; read at each request, never copied. */
  tokenFile: string
  /** False only when DevTools' `disableAuthorization` is set: then no token is asked, cross-site requests are still refused. */
  requireToken: boolean
}

// one answer for every refusal, so a refused caller cannot tell why, nor what lies behind
const REFUSED = JSON.stringify({ error: 'Forbidden', message: 'Open the Actions tab from Nuxt DevTools and authorise it.' })

/**
 * A Nitro middleware that answers every request under `base` with 403 unless
 * it comes from the developer: Nuxt DevTools' dev auth token in the
 * `x-action-route-token` header (compared in constant time), and not from
 * another site. A refused request reaches no endpoint, so it reads nothing,
 * clears nothing and subscribes to nothing.
 * @example
 * export default createDevtoolsGuard({ base: '/__action-route', tokenFile, requireToken: true })
 */
export function createDevtoolsGuard(options: DevtoolsGuardOptions) {
  return defineEventHandler(async (event) => {
    if (!isUnderBase(event.path, options.base)) return
    if (await isDeveloper(event, options)) return
    setResponseStatus(event, 403)
    setResponseHeaders(event, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    return REFUSED
  })
}

/** True for the prefix in any spelling a router might still resolve to it: encoded, doubled slashes, another case. */
function isUnderBase(path: string, base: string): boolean {
  const pathname = path.split('?', 1)[0]!
  let decoded = pathname
  try {
    decoded = decodeURIComponent(pathname)
  }
  catch {
    // a malformed escape: keep the raw path
  }
  const normal = decoded.replace(/[\\/]+/g, '/').toLowerCase()
  return normal === base || normal.startsWith(`${base}/`)
}

async function isDeveloper(event: H3Event, options: DevtoolsGuardOptions): Promise<boolean> {
  if (isCrossSite(event)) return false
  if (!options.requireToken) return true
  const given = getRequestHeader(event, DEVTOOLS_TOKEN_HEADER)
  if (!given) return false
  const expected = await readToken(options.tokenFile)
  return expected !== undefined && sameSecret(given, expected)
}

/** A browser says where a request comes from; a page of another origin is never the panel. */
function isCrossSite(event: H3Event): boolean {
  const site = getRequestHeader(event, 'sec-fetch-site')
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true
  const origin = getRequestHeader(event, 'origin')
  if (origin === undefined) return false
  const host = getRequestHeader(event, 'host')?.toLowerCase()
  try {
    return !host || new URL(origin).host !== host
  }
  catch {
    return true
  }
}

async function readToken(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim() || undefined
  }
  catch {
    return undefined
  }
}

/** Hashing first gives equal lengths, so the comparison leaks neither the token nor its length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}
