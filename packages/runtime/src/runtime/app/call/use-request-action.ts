import type { $action } from './action'
import type { CallOptions } from './call-action'
import { actionSender } from './action-sender'

/**
 * `$action` bound to the page request, as Nuxt's `useRequestFetch()` is
 * `$fetch` bound to it. Take it in setup (or a plugin, a middleware); during
 * SSR its calls carry the page request's cookies and identifying headers,
 * after any number of awaits, with or without Nuxt's `asyncContext`. In the
 * browser it is `$action`.
 * @example
 * const action = useRequestAction()
 * const { data } = await useAsyncData('todo-and-list', async () => {
 *   const todo = await action('/api/todos/:id', { method: 'GET', params: { id: 1 } })
 *   return await action('/api/todos', { method: 'GET', input: { page: '1' } }) // still with the user's cookie
 * })
 */
export function useRequestAction(): typeof $action {
  const send = actionSender()
  return ((path: string, options: CallOptions = {}) => send(path, options)) as typeof $action
}
