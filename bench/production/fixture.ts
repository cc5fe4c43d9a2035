// What every production server serves: the http part's POST /todos action (its zod schema, the user
// middleware, the handler's work) on h3 1, with the feature under test around the user middleware.
import { createApp, createRouter, defineEventHandler, getRequestHeader, toNodeListener } from 'h3'
import type { H3Event } from 'h3'
import { defineAction } from '../../packages/runtime/src/runtime/server/index'
import type { ActionMiddleware } from '../../packages/runtime/src/runtime/server/index'
import { serveOverIpc } from '../lib/serve-over-ipc'
import { buildTodo, todoInput, userMiddleware } from '../http/fixture'

/** The one route every server answers. */
export const todoPath = '/todos'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMiddleware = ActionMiddleware<any, any, any>

/** Code put around the action's parts, as code written by hand puts it (hand-traced.ts, redis-by-hand.ts). */
export interface AroundTodo {
  /** Around the whole action, as the route's handler. */
  action?: (event: H3Event, run: () => Promise<unknown>) => Promise<unknown>
  /** Around the user middleware. */
  middleware?: (event: H3Event, run: () => Promise<unknown>) => Promise<unknown>
  /** Around the handler's work. */
  handler?: <T>(event: H3Event, run: () => T) => T
}

/**
 * Serves POST /todos as a plain action, or with middleware `before` or `after` the user middleware, or with
 * code `around` its parts.
 * @example
 * serveTodoAction({ before: [rateLimit({ limit: 1e9, window: 3_600_000 })] })
 */
export function serveTodoAction({ before = [], after = [], around }: { before?: AnyMiddleware[], after?: AnyMiddleware[], around?: AroundTodo } = {}): void {
  const readUser = userMiddleware((event: H3Event) => getRequestHeader(event, 'x-user'))
  const aroundMiddleware = around?.middleware
  const withUser: typeof readUser = aroundMiddleware ? args => aroundMiddleware(args.event, () => readUser(args)) : readUser
  const aroundHandler = around?.handler
  const todo = defineAction({
    input: todoInput,
    middleware: [...before, withUser, ...after],
    handler: ({ input, ctx, event }) => {
      const work = () => buildTodo(input.title, input.priority, (ctx as { user: { id: string } }).user.id)
      return aroundHandler ? aroundHandler(event, work) : work()
    },
  })
  const aroundAction = around?.action
  serveOverIpc(toNodeListener(createApp().use(createRouter().post(todoPath, aroundAction ? defineEventHandler(event => aroundAction(event, () => todo(event))) : todo))))
}
