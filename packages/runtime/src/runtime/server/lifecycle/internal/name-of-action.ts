import type { ActionHost } from '../action-host'

/**
 * An action as a development message names it: the request's method, the
 * route pattern it matched and, in a Nuxt app, its route file.
 * @example
 * nameOfAction(h3V1Host, event, 'server/api/todos/[id].patch.ts') // 'PATCH /api/todos/:id (server/api/todos/[id].patch.ts)'
 */
export function nameOfAction<TEvent>(host: ActionHost<TEvent>, event: TEvent, file: string | undefined): string {
  const named = `${host.method(event)} ${host.route(event)}`
  return file === undefined ? named : `${named} (${file})`
}
