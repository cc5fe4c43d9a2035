import { createHash, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { isCrossOrigin } from '../../server/cross-origin/is-cross-origin'
import { viteDevtoolsTokens } from './vite-devtools-trust'

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
  /**
   * Nuxt DevTools 4's store of authorised browsers (Vite DevTools' `~/.vite/devtools/auth.json`), set only when the app
   * runs DevTools 4, which writes no token file: a token it issued to a browser, and has not revoked, is accepted too.
   */
  trustedTokensFile?: string
  /** Nuxt's `app.baseURL`: the prefix is guarded under it too (`/base/__action-route/`), whether or not the server took it off the path. */
  appBase?: string
}

// a header names at most this many tokens: DevTools 3's and DevTools 4's
const MAX_TOKENS = 2

// one answer for every refusal, so a refused caller cannot tell why, nor what lies behind
const REFUSED = JSON.stringify({ error: 'Forbidden', message: 'Open the Actions tab from Nuxt DevTools and authorise it.' })

/**
 * The guard on web standards, for either h3 major (`create-devtools-guard.ts` wraps it for h3 v1,
 * `nitro3/guard-endpoints.ts` for h3 v2): a 403 `Response` for every request under
 * `base` that does not come from the developer (Nuxt DevTools' dev auth token in the
 * `x-action-route-token` header, compared in constant time, and not from another site), and
 * `undefined` to let the request through. A refused request reaches no endpoint, so it reads
 * nothing, clears nothing and subscribes to nothing.
 * @example
 * const refused = await refuseUnlessDeveloper(url.pathname, request.headers, options)
 * if (refused) return refused
 */
export async function refuseUnlessDeveloper(path: string, headers: Headers, options: DevtoolsGuardOptions): Promise<Response | undefined> {
  if (!isUnderBase(path, options.base, options.appBase)) return undefined
  if (await isDeveloper(headers, options)) return undefined
  return new Response(REFUSED, { status: 403, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } })
}

/** True for the prefix, bare or under the app's base, in any spelling a router might still resolve to it: encoded, doubled slashes, another case. */
function isUnderBase(path: string, base: string, appBase = '/'): boolean {
  const pathname = path.split('?', 1)[0]!
  let decoded = pathname
  try {
    decoded = decodeURIComponent(pathname)
  }
  catch {
    // a malformed escape: keep the raw path
  }
  const normal = decoded.replace(/[\\/]+/g, '/').toLowerCase()
  const app = `/${appBase.toLowerCase().split('/').filter(Boolean).join('/')}`
  const bare = app !== '/' && (normal === app || normal.startsWith(`${app}/`)) ? normal.slice(app.length) || '/' : normal
  return [normal, bare].some(candidate => candidate === base || candidate.startsWith(`${base}/`))
}

async function isDeveloper(headers: Headers, options: DevtoolsGuardOptions): Promise<boolean> {
  // a page of another origin is never the panel: the one rule of the action routes and the form path
  if (isCrossOrigin(name => headers.get(name))) return false
  if (!options.requireToken) return true
  // the panel sends each token it holds (DevTools 3's, DevTools 4's), comma-separated; one it knows is enough
  const given = (headers.get(DEVTOOLS_TOKEN_HEADER) ?? '').split(',', MAX_TOKENS).map(token => token.trim()).filter(Boolean)
  if (given.length === 0) return false
  // DevTools 3's token file and DevTools 4's trusted store, each read once per request
  const [expected, trusted] = await Promise.all([
    readToken(options.tokenFile),
    options.trustedTokensFile === undefined ? [] : viteDevtoolsTokens(options.trustedTokensFile),
  ])
  const known = expected === undefined ? trusted : [expected, ...trusted]
  // every pair is compared, so the time taken does not tell which one matched
  let found = false
  for (const token of given) {
    for (const secret of known) found = sameSecret(token, secret) || found
  }
  return found
}

/** Hashing first gives equal lengths, so the comparison leaks neither the secret nor its length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

async function readToken(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim() || undefined
  }
  catch {
    return undefined
  }
}
