import { tryUseNuxtApp } from '#imports'
import { startAction } from './action'
import type { SendAction } from '../query-libraries/library-queries'

/**
 * How a query library's query and mutation functions send calls, made
 * where the options are built (a component's setup): the library may call
 * them later, or during SSR outside Nuxt's context, so they run inside the
 * Nuxt app captured here, and SSR forwards the page request's cookies and
 * identifying headers as `$action` does.
 * @example
 * const send = actionSender()
 * const query = actionQueryFunction(send, '/api/todos')
 */
export function actionSender(): SendAction {
  const nuxtApp = tryUseNuxtApp()
  if (!nuxtApp) return startAction
  return (path, options) => nuxtApp.runWithContext(() => startAction(path, options))
}
