// What every production server serves: the http part's POST /todos action (its zod schema, the user
// middleware, the handler's work) on h3 1, with the feature under test around the user middleware.
import { createApp, createRouter, getRequestHeader, toNodeListener } from 'h3'
import type { H3Event } from 'h3'
import { defineAction } from '../../packages/runtime/src/runtime/server/index'
import type { ActionMiddleware } from '../../packages/runtime/src/runtime/server/index'
import { serveOverIpc } from '../lib/serve-over-ipc'
import { buildTodo, todoInput, userMiddleware } from '../http/fixture'

/** The one route every server answers. */
export const todoPath = '/todos'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMiddleware = ActionMiddleware<any, any, any>

/**
 * Serves POST /todos as a plain action, or with middleware `before` or `after` the user middleware.
 * @example
 * serveTodoAction({ before: [rateLimit({ limit: 1e9, window: 3_600_000 })] })
 */
export function serveTodoAction({ before = [], after = [] }: { before?: AnyMiddleware[], after?: AnyMiddleware[] } = {}): void {
  const withUser = userMiddleware((event: H3Event) => getRequestHeader(event, 'x-user'))
  const todo = defineAction({
    input: todoInput,
    middleware: [...before, withUser, ...after],
    handler: ({ input, ctx }) => buildTodo(input.title, input.priority, (ctx as { user: { id: string } }).user.id),
  })
  serveOverIpc(toNodeListener(createApp().use(createRouter().post(todoPath, todo))))
}
