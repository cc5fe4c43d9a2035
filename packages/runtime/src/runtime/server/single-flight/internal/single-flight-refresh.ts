import { withBase } from 'ufo'
import type { ActionHost } from '../../lifecycle/action-host'
import { cookiesAfterMutation } from './cookies-after-mutation'
import { CALLER_HEADER, callerAddressHeader } from '../../client-address/caller-address'
import { SINGLE_FLIGHT_GET_HEADER } from '../single-flight-get'

/** The request header naming the queries whose fresh data the caller wants with the answer: a JSON array of URLs. */
export const REFRESH_HEADER = 'x-action-refresh'
/** At most this many queries are run for one answer; the caller refetches the rest. */
export const MAX_REFRESHED = 8
/** Fresh data past this many bytes stays out of the answer; the caller refetches it. */
export const MAX_REFRESHED_BYTES = 512 * 1024
const MAX_HEADER_LENGTH = 8 * 1024
const MAX_URL_LENGTH = 2048

/** What single flight knows of the app: the path it is served under, and which URLs name one of its GET actions. */
export interface SingleFlightApp {
  /** `app.baseURL` in Nuxt: where the browser sees the app's URLs (for cookie paths, and h3 v2's router). */
  baseURL: string
  /** Whether a URL, as the client calls it, names a GET action of the app (internal/action-get-routes.ts). */
  isActionGet: (url: string) => boolean
}

/** Nitro 2 puts `$fetch` on its h3 event: an in-app call that carries the caller's headers and the app's base URL. */
type NitroFetch = (url: string, options: { headers: Record<string, string>, ignoreResponseError: true, retry: 0 }) => Promise<unknown>
/** h3 v2 events know their app, whose `fetch` answers a Request in-process (Nitro 3). */
type AppFetch = (request: Request) => Response | Promise<Response>

/** The parts of an h3 event, of either major, that single flight reads: all public. */
interface EventShape {
  $fetch?: NitroFetch
  app?: { fetch?: AppFetch }
  context?: { clientAddress?: unknown }
  req?: { url?: unknown, headers?: Headers, ip?: unknown, context?: { clientAddress?: unknown } }
  res?: { headers?: Headers }
  node?: { req?: { socket?: { remoteAddress?: unknown } }, res?: { getHeader?: (name: string) => unknown, setHeader?: (name: string, value: string) => void } }
}

/**
 * The URLs a caller asked for, when they are usable: at most MAX_REFRESHED
 * paths inside this app; anything else in the header and nothing is run.
 */
function askedUrls(header: string): string[] {
  if (header.length > MAX_HEADER_LENGTH) return []
  let urls: unknown
  try {
    urls = JSON.parse(header)
  }
  catch {
    return []
  }
  if (!Array.isArray(urls)) return []
  const inApp = (url: unknown): url is string => typeof url === 'string' && url.length <= MAX_URL_LENGTH
    && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')
  return urls.every(inApp) ? [...new Set(urls)].slice(0, MAX_REFRESHED) : []
}

/** The cookies the mutation's answer sets: h3 v2 keeps them on `event.res.headers`, h3 v1 on Node's response. */
function setCookiesOf(event: EventShape): string[] {
  const headers = event.res?.headers
  if (isH3V2Event(event) && headers) return headers.getSetCookie()
  // h3 1's setCookie appends to a list; a single value set as a string is one cookie
  const header = event.node?.res?.getHeader?.('set-cookie')
  return typeof header === 'string' ? [header] : Array.isArray(header) ? header : []
}

/** Whether this is h3 v2's event, whose `req` is a Request (h3 1.15 has `req` too: Node's request, with plain headers). */
const isH3V2Event = (event: EventShape): boolean => typeof event.req?.headers?.get === 'function'

/** The address the caller connected from, as h3's `getRequestIP(event)` reads it on either major. */
function callerAddressOf(event: EventShape): string | undefined {
  const address = isH3V2Event(event) ? event.req?.context?.clientAddress || event.req?.ip : event.context?.clientAddress || event.node?.req?.socket?.remoteAddress
  return typeof address === 'string' && address ? address : undefined
}

/** Tells caches that the answer depends on `x-action-refresh` too (`Vary`), keeping what the handler put there. */
function varyOnRefreshHeader(event: EventShape): void {
  const headers = event.res?.headers
  if (isH3V2Event(event) && headers) {
    headers.append('vary', REFRESH_HEADER)
    return
  }
  const res = event.node?.res
  const current = res?.getHeader?.('vary')
  res?.setHeader?.('vary', typeof current === 'string' && current ? `${current}, ${REFRESH_HEADER}` : REFRESH_HEADER)
}

/**
 * How to call this app in-process from this event, with the Cookie header to
 * send, or `undefined` where the host offers no way (a plain h3 app). The URLs
 * are the app's own, as the client calls them (`/api/todos`): Nitro 2's
 * `$fetch` puts the app's base URL before them; h3 v2's app routes the URL as
 * a browser sends it, so `baseURL` goes before them here. Either way the inner
 * request keeps the caller's address for `getRequestIP`: Nitro 2 through
 * `x-action-route-caller` (internal/caller-address.ts), h3 v2 as the
 * request's `ip`.
 */
function inProcessGet(event: EventShape, baseURL: string): ((url: string, cookie: string) => Promise<unknown>) | undefined {
  const { $fetch, app, req } = event
  const address = callerAddressOf(event)
  if (typeof $fetch === 'function') {
    // the inner GETs never ask for refreshed data themselves, and carry no body; a streaming action runs nothing for them
    const headers: Record<string, string> = { [REFRESH_HEADER]: '', 'content-length': '0', [SINGLE_FLIGHT_GET_HEADER]: '1' }
    if (address) headers[CALLER_HEADER] = callerAddressHeader(address)
    return (url, cookie) => $fetch(url, { headers: { ...headers, cookie }, ignoreResponseError: true, retry: 0 })
  }
  // srvx's Node request is Request-like without being a Request: read it by shape
  const fetchApp = app?.fetch
  if (typeof fetchApp === 'function' && typeof req?.url === 'string' && req.headers) {
    const base = req.url
    const headers = new Headers(req.headers)
    for (const name of [REFRESH_HEADER, CALLER_HEADER, 'content-length', 'content-type']) headers.delete(name)
    headers.set(SINGLE_FLIGHT_GET_HEADER, '1')
    return async (url, cookie) => {
      const inner = new Headers(headers)
      if (cookie) inner.set('cookie', cookie)
      else inner.delete('cookie')
      const request = new Request(new URL(withBase(url, baseURL), base), { headers: inner })
      if (address) Object.defineProperty(request, 'ip', { value: address, enumerable: true })
      return (await fetchApp.call(app, request)).json()
    }
  }
  return undefined
}

const isEnvelope = (value: unknown): boolean => typeof value === 'object' && value !== null && typeof (value as { success?: unknown }).success === 'boolean'

/** The path of a URL as the client calls it, as the browser sees it under the app's base: what a cookie's Path is matched against. */
function browserPathOf(url: string, baseURL: string): string {
  const end = url.search(/[?#]/)
  return withBase(end === -1 ? url : url.slice(0, end), baseURL)
}

/**
 * Single flight: when a caller of a mutation names the queries it shows (a
 * JSON array of URLs in `x-action-refresh`), the success body carries their
 * fresh envelopes under `refreshed`, keyed by URL, fetched in-process and in
 * parallel once the mutation has succeeded. Each query runs as the browser
 * would call it next: with the caller's headers and address, and the cookies
 * the mutation's answer set or cleared applied to the caller's own (signed
 * in, signed out, switched account). Only URLs that name one of the app's GET
 * actions are run; any other is left out, and the caller refetches it. A
 * streaming GET is called in-process but runs nothing (not even its
 * middleware): its 204 is no envelope, so it is left out too. Every
 * other body is left exactly as it is: a caller that did not ask, a GET, a
 * failure, a host with no in-process fetch. A query that fails to load,
 * answers something other than an envelope, or would make the answer too big
 * is left out too. A mutation's answer says `Vary: x-action-refresh`.
 * @example
 * const sent = await withRefreshedQueries(event, host, JSON.stringify({ success: true, data }), { baseURL: '/', isActionGet: matchActionGetRoutes(['/api/todos']) })
 */
export function withRefreshedQueries<TEvent>(event: TEvent, host: ActionHost<TEvent>, body: string, app: SingleFlightApp): string | Promise<string> {
  const method = host.method(event)
  if (method === 'GET' || method === 'HEAD') return body
  const shape = event as EventShape
  varyOnRefreshHeader(shape)
  const asked = host.header(event, REFRESH_HEADER)
  if (!asked || !body.startsWith('{"success":true')) return body
  const get = inProcessGet(shape, app.baseURL)
  const urls = get ? askedUrls(asked).filter(app.isActionGet) : []
  if (!get || urls.length === 0) return body
  const cookieHeader = host.header(event, 'cookie')
  const setCookies = setCookiesOf(shape)
  const cookieFor = (url: string) => cookiesAfterMutation(cookieHeader, setCookies, browserPathOf(url, app.baseURL))
  return Promise.all(urls.map(url => get(url, cookieFor(url)).catch(() => undefined))).then((results) => {
    const refreshed: string[] = []
    let bytes = body.length
    results.forEach((result, index) => {
      if (!isEnvelope(result)) return
      const entry = `${JSON.stringify(urls[index])}:${JSON.stringify(result)}`
      if (bytes + entry.length > MAX_REFRESHED_BYTES) return
      bytes += entry.length
      refreshed.push(entry)
    })
    // the envelope is a JSON object: its closing brace makes way for one more key
    return refreshed.length === 0 ? body : `${body.slice(0, -1)},"refreshed":{${refreshed.join(',')}}}`
  })
}
