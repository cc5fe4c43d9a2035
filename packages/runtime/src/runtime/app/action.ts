import { useRequestFetch } from '#imports'
import type { ActionCallOptions, ActionCallResult, ActionMethod, ActionPath, DefaultMethod } from './route-map'
import type { ActionFetcher, CallOptions } from './internal/call-action'
import { callAction } from './internal/call-action'
import defaultMethods from '#build/action-route-methods.mjs'

/** The method a call uses: the given one, else the route's only method, else POST. */
export function resolveMethod(path: string, method?: string): string {
  return (method ?? defaultMethods[path] ?? 'POST').toUpperCase()
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
  // Nuxt sets the global $fetch on both sides; useRequestFetch adds the incoming request's headers during SSR
  const fetcher = (import.meta.server ? useRequestFetch() : (globalThis as unknown as { $fetch: unknown }).$fetch) as ActionFetcher
  const resolved: CallOptions = { ...options as CallOptions, method: resolveMethod(path, options.method) }
  return callAction(fetcher, path, resolved) as Promise<ActionCallResult<P, M>>
}
