import { createRouter, getRequestHeader } from 'h3'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { defineAction } from '../../../packages/runtime/src/runtime/server/index'
import type { ActionMiddleware } from '../../../packages/runtime/src/runtime/server/index'
import { buildTodo, listOutput, listTodos, resolveUser, routes, todoInput, todoOutput, todoQuery } from '../route-fixture'

const withUser: ActionMiddleware = async ({ event, next }) =>
  next({ ctx: { user: resolveUser(getRequestHeader(event, 'x-user')) } })

function todoRoute(outputSchema?: StandardSchemaV1) {
  return defineAction({
    input: todoInput,
    middleware: [withUser],
    outputSchema,
    handler: ({ input, ctx }) => buildTodo(input.title, input.priority, (ctx.user as { id: string }).id),
  })
}

function listRoute(outputSchema?: StandardSchemaV1) {
  return defineAction({
    input: todoQuery,
    middleware: [withUser],
    outputSchema,
    handler: ({ input, ctx }) => listTodos(input.page, input.size, (ctx.user as { id: string }).id),
  })
}

/** The same routes written with defineAction, from the runtime's source. */
export function createDefineActionRouter() {
  return createRouter()
    .post(routes.post, todoRoute())
    .post(routes.postWithOutput, todoRoute(todoOutput))
    .get(routes.get, listRoute())
    .get(routes.getWithOutput, listRoute(listOutput))
}
