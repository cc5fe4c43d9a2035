import { createRouter } from 'h3'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { defineAction } from '../../../packages/runtime/src/runtime/server/index'
import type { ActionMiddleware } from '../../../packages/runtime/src/runtime/server/index'
import { buildTodo, listOutput, listTodos, routes, todoInput, todoOutput, todoQuery, withUser as sharedWithUser } from '../route-fixture'

const withUser = sharedWithUser as ActionMiddleware

/** `defineAction` of this tree, or of another commit's runtime (compare-runtimes.ts). */
type DefineActionFn = typeof defineAction

function todoRoute(define: DefineActionFn, outputSchema?: StandardSchemaV1) {
  return define({
    input: todoInput,
    middleware: [withUser],
    outputSchema,
    handler: ({ input, ctx }) => buildTodo(input.title, input.priority, (ctx.user as { id: string }).id),
  })
}

function listRoute(define: DefineActionFn, outputSchema?: StandardSchemaV1) {
  return define({
    input: todoQuery,
    middleware: [withUser],
    outputSchema,
    handler: ({ input, ctx }) => listTodos(input.page, input.size, (ctx.user as { id: string }).id),
  })
}

/** The same routes written with defineAction, from the runtime's source, or with the `defineAction` given. */
export function createDefineActionRouter(define: DefineActionFn = defineAction) {
  return createRouter()
    .post(routes.post, todoRoute(define))
    .post(routes.postWithOutput, todoRoute(define, todoOutput))
    .get(routes.get, listRoute(define))
    .get(routes.getWithOutput, listRoute(define, listOutput))
}
