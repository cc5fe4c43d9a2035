import type { StandardSchemaV1 } from '@standard-schema/spec'
import { createRouter } from 'h3'
import type { H3Event } from 'h3'
// nuxt-actions exports only its Nuxt module; its server runtime is plain h3 code, loaded by file path
// @ts-expect-error no declaration file for the runtime path
import { defineAction } from '../../node_modules/nuxt-actions/dist/runtime/server/utils/defineAction.js'
import { buildTodo, listOutput, listTodos, routes, todoInput, todoOutput, todoQuery, withUser } from '../route-fixture'

interface PeerArgs { input: Record<string, number & string>, ctx: { user: { id: string } }, event: H3Event }

function todoRoute(outputSchema?: StandardSchemaV1) {
  return defineAction({
    input: todoInput,
    middleware: [withUser],
    outputSchema,
    handler: ({ input, ctx }: PeerArgs) => buildTodo(input.title, input.priority, ctx.user.id),
  })
}

function listRoute(outputSchema?: StandardSchemaV1) {
  return defineAction({
    input: todoQuery,
    middleware: [withUser],
    outputSchema,
    handler: ({ input, ctx }: PeerArgs) => listTodos(input.page, input.size, ctx.user.id),
  })
}

/** The same routes with the nuxt-actions peer's defineAction (it answers 200 even for errors). */
export function createNuxtActionsRouter() {
  return createRouter()
    .post(routes.post, todoRoute())
    .post(routes.postWithOutput, todoRoute(todoOutput))
    .get(routes.get, listRoute())
    .get(routes.getWithOutput, listRoute(listOutput))
}
