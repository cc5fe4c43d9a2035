import { tryUseNuxtApp, useRequestEvent, useRequestHeaders } from '#imports'
import type { ActionCallArguments, ActionCallResult, ActionMethod, ActionPath, DefaultMethod } from '../route-map'
import type { ActionFetcher, CallOptions } from './call-action'
import { prepareCall, sendCall } from './call-action'
import { FORWARDED_REQUEST_HEADERS, ssrCallHeaders } from './forwarded-headers'
import { clientAddress } from '../../server/client-address/client-address'
import defaultMethods, { routeMethods } from '#build/action-route-methods.mjs'
import { methodNotAllowed, unknownRouteHint } from './internal/check-route'
import { nuxtFetch } from '#build/action-route-fetch.mjs'

type RawFetch = ActionFetcher['raw']

// the routes already warned about, once each; bounded, as every store a production server keeps
const warnedOutsideContext = new Set<string>()
const MAX_WARNED_ROUTES = 256

/**
 * During SSR, calls go through Nitro's in-app `$fetch` with the page
 * request's context (platform bindings, waitUntil), its client address, and
 * only the page headers that identify the user: never its content-type, content-length
 * or other headers about the page request's own body. A call made after an
 * await, where Nuxt's context is gone (unless the app enables Nuxt's
 * `experimental.asyncContext`), is still sent, without the page's headers,
 * and the server log says so once per route, in production too (a silent
 * 401 is hard to trace), unless the call brings its own cookie or
 * authorization header. `useRequestAction()` keeps the context.
 */
function ssrFetcher(path: string, headers: Record<string, string> | undefined): ActionFetcher {
  if (!tryUseNuxtApp()) {
    // a call that brings its own cookie or authorization (read before the await) has what it needs
    const identified = headers && Object.keys(headers).some(name => /^(?:cookie|authorization)$/i.test(name))
    if (!identified && !warnedOutsideContext.has(path) && warnedOutsideContext.size < MAX_WARNED_ROUTES) {
      warnedOutsideContext.add(path)
      console.warn('[action-route]', `$action('${path}') ran during SSR outside Nuxt's context (after an await), so it was sent without the page request's cookies and headers. Call it through \`const action = useRequestAction()\`, taken in setup; or start it before the first await; or set \`experimental: { asyncContext: true }\` in nuxt.config.`)
    }
    return nuxtFetch()
  }
  const event = useRequestEvent()
  const pageHeaders = useRequestHeaders([...FORWARDED_REQUEST_HEADERS])
  // the address the page request came from: the in-process call has none of its own
  const address = event ? clientAddress(event, 0) : undefined
  const raw = nuxtFetch().raw as (...args: [string, Record<string, unknown>]) => ReturnType<RawFetch>
  return {
    raw: (url, options) => raw(url, { ...options, headers: ssrCallHeaders(url, pageHeaders, options.headers, address), context: event?.context }),
  }
}

/**
 * Checks a call and starts it. Throws a TypeError at once, before anything
 * is sent, for a bad option or a param that would reach another route:
 * `useAction` relies on that to leave its state untouched. A method the
 * route's files do not answer resolves to METHOD_NOT_ALLOWED (405) without
 * a request; in development, a path that is no route file's logs a hint.
 * @example
 * const pending = startAction('/api/todos', { method: 'GET' })
 */
export function startAction(path: string, options: CallOptions): ReturnType<typeof sendCall> {
  const prepared = prepareCall(path, { ...options, method: options?.method ?? (Object.hasOwn(defaultMethods, path) ? defaultMethods[path] : 'POST') })
  // the route files are known: a method the route does not answer is not sent
  const refused = methodNotAllowed(path, prepared.method, routeMethods)
  if (refused) return Promise.resolve(refused)
  if (import.meta.dev) {
    const hint = unknownRouteHint(path, routeMethods)
    if (hint) console.warn('[action-route]', hint)
  }
  // Nuxt's own $fetch, wherever this Nuxt keeps it (Nuxt 5's browser has no global one)
  const fetcher = import.meta.server ? ssrFetcher(path, options.headers) : nuxtFetch()
  const send = () => sendCall(fetcher, prepared)
  return options.after ? options.after.then(send, send) : send()
}

/**
 * Calls an action by its route pattern and resolves to its envelope; it
 * never rejects for a failure envelope, only with a TypeError for a call
 * that cannot be made (a bad option, a missing param, or one that would
 * reach another route), in which case nothing is sent. During SSR the
 * page request's cookies and other identifying headers reach the action.
 * @example
 * const result = await $action('/api/todos/:id', { method: 'PATCH', params: { id: 1 }, input: { done: true } })
 * if (result.success) console.log(result.data.done)
 */
export async function $action<P extends ActionPath, M extends ActionMethod<P> = DefaultMethod<P> & ActionMethod<P>>(
  path: P,
  ...[options = {}]: ActionCallArguments<P, M>
): Promise<ActionCallResult<P, M>> {
  return startAction(path, options as CallOptions) as Promise<ActionCallResult<P, M>>
}
