// Child-process entry: the same routes with defineAction from the runtime's h3 v1 entry.
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { createApp, createRouter, getRequestHeader, toNodeListener } from 'h3'
import type { H3Event } from 'h3'
import { defineAction } from '../../../packages/runtime/src/runtime/server/index'
import type { ActionMiddleware } from '../../../packages/runtime/src/runtime/server/index'
import { serveOverIpc } from '../../lib/serve-over-ipc'
import { buildTodo, listOutput, listTodos, routes, todoInput, todoOutput, todoQuery, userMiddleware } from '../fixture'

const withUser = userMiddleware((event: H3Event) => getRequestHeader(event, 'x-user')) as unknown as ActionMiddleware

const todoRoute = (outputSchema?: StandardSchemaV1) => defineAction({
  input: todoInput,
  middleware: [withUser],
  outputSchema,
  handler: ({ input, ctx }) => buildTodo(input.title, input.priority, (ctx.user as { id: string }).id),
})

const listRoute = (outputSchema?: StandardSchemaV1) => defineAction({
  input: todoQuery,
  middleware: [withUser],
  outputSchema,
  handler: ({ input, ctx }) => listTodos(input.page, input.size, (ctx.user as { id: string }).id),
})

serveOverIpc(toNodeListener(createApp().use(createRouter()
  .post(routes.plain, todoRoute())
  .post(routes.withOutput, todoRoute(todoOutput))
  .get(routes.plain, listRoute())
  .get(routes.withOutput, listRoute(listOutput)))))
