import { withBase } from 'ufo'
import type { ActionHost } from './action-host'

/** The request header naming the queries whose fresh data the caller wants with the answer: a JSON array of URLs. */
export const REFRESH_HEADER = 'x-action-refresh'
/** At most this many queries are run for one answer; the caller refetches the rest. */
export const MAX_REFRESHED = 8
/** Fresh data past this many bytes stays out of the answer; the caller refetches it. */
export const MAX_REFRESHED_BYTES = 512 * 1024
const MAX_HEADER_LENGTH = 8 * 1024
const MAX_URL_LENGTH = 2048

/** Nitro 2 puts `$fetch` on its h3 event: an in-app call that carries the caller's headers and the app's base URL. */
type NitroFetch = (url: string, options: { headers: Record<string, string>, ignoreResponseError: true, retry: 0 }) => Promise<unknown>
/** h3 v2 events know their app, whose `fetch` answers a Request in-process (Nitro 3). */
type AppFetch = (request: Request) => Response | Promise<Response>

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

/**
 * How to call this app in-process from this event, or `undefined` where the host offers no way (a plain h3 app).
 * The URLs are the app's own, as the client calls them (`/api/todos`): Nitro 2's `$fetch` puts the app's base
 * URL before them; h3 v2's app routes the URL as a browser sends it, so `baseURL` goes before them here.
 */
function inProcessGet(event: unknown, baseURL: string): ((url: string) => Promise<unknown>) | undefined {
  const { $fetch, app, req } = event as { $fetch?: NitroFetch, app?: { fetch?: AppFetch }, req?: { url?: unknown, headers?: Headers } }
  // the inner GETs never ask for refreshed data themselves, and carry no body
  const override = { [REFRESH_HEADER]: '', 'content-length': '0' }
  if (typeof $fetch === 'function') {
    return url => $fetch(url, { headers: override, ignoreResponseError: true, retry: 0 })
  }
  // srvx's Node request is Request-like without being a Request: read it by shape
  const fetchApp = app?.fetch
  if (typeof fetchApp === 'function' && typeof req?.url === 'string' && req.headers) {
    const headers = new Headers(req.headers)
    for (const name of [REFRESH_HEADER, 'content-length', 'content-type']) headers.delete(name)
    const base = req.url
    return async url => (await fetchApp.call(app, new Request(new URL(withBase(url, baseURL), base), { headers }))).json()
  }
  return undefined
}

const isEnvelope = (value: unknown): boolean => typeof value === 'object' && value !== null && typeof (value as { success?: unknown }).success === 'boolean'

/**
 * Single flight: when a caller of a mutation names the queries it shows (a
 * JSON array of URLs in `x-action-refresh`), the success body carries
 * their fresh envelopes under `refreshed`, keyed by URL, fetched in-process
 * and in parallel once the mutation has succeeded, with the caller's own
 * cookies and authorization. Every other body is left exactly as it is: a
 * caller that did not ask, a GET, a failure, a host with no in-process
 * fetch. A query that fails to load, answers something other than an
 * envelope, or would make the answer too big is left out: the caller
 * refetches it. `baseURL` is the app's (`app.baseURL` in Nuxt), for hosts
 * that route the full URL.
 * @example
 * const sent = await withRefreshedQueries(event, host, JSON.stringify({ success: true, data }), '/')
 */
export function withRefreshedQueries<TEvent>(event: TEvent, host: ActionHost<TEvent>, body: string, baseURL = '/'): string | Promise<string> {
  const asked = host.header(event, REFRESH_HEADER)
  if (!asked || !body.startsWith('{"success":true')) return body
  const method = host.method(event)
  const get = method === 'GET' || method === 'HEAD' ? undefined : inProcessGet(event, baseURL)
  const urls = get ? askedUrls(asked) : []
  if (!get || urls.length === 0) return body
  return Promise.all(urls.map(url => get(url).catch(() => undefined))).then((results) => {
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
