import { useRequestFetch } from '#imports'
import type { ActionCallOptions, ActionCallResult, ActionMethod, ActionPath, DefaultMethod } from './route-map'
import type { ActionFetcher, CallOptions } from './internal/call-action'
import { callAction } from './internal/call-action'
import defaultMethods from '#build/action-route-methods.mjs'

/** The method a call uses: the given one, else the route's only method, else POST. */
export function resolveMethod(path: string, method?: string): string {
  return (method ?? defaultMethods[path] ?? 'POST').toUpperCase()
}

type RequestFetch = (url: string, options: Record<string, unknown>) => Promise<unknown>

/**
 * During SSR, `useRequestFetch()` forwards the incoming request's cookies and
 * headers, but it is a plain function without `.raw`: the response's status
 * is taken from its onResponse hook instead.
 */
function ssrFetcher(): ActionFetcher {
  const requestFetch = useRequestFetch() as unknown as RequestFetch
  return {
    async raw(url, options) {
      let status = 0
      let statusText = ''
      const data = await requestFetch(url, {
        ...options,
        onResponse({ response }: { response: Response }) {
          status = response.status
          statusText = response.statusText
        },
      })
      return { status, statusText, _data: data }
    },
  }
}

/**
 * Calls an action by its route pattern and resolves to its envelope; it
 * never throws for a failure. During SSR it goes through `useRequestFetch`,
 * so the incoming request's cookies and headers reach the action.
 * @example
 * const result = await $action('/api/todos/:id', { method: 'PATCH', params: { id: 1 }, input: { done: true } })
 * if (result.success) console.log(result.data.done)
 */
export function $action<P extends ActionPath, M extends ActionMethod<P> = DefaultMethod<P> & ActionMethod<P>>(
  path: P,
  options: ActionCallOptions<P, M> = {},
): Promise<ActionCallResult<P, M>> {
  const fetcher = import.meta.server ? ssrFetcher() : (globalThis as unknown as { $fetch: ActionFetcher }).$fetch
  const resolved: CallOptions = { ...options as CallOptions, method: resolveMethod(path, options.method) }
  return callAction(fetcher, path, resolved) as Promise<ActionCallResult<P, M>>
}
