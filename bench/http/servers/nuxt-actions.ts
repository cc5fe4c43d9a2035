// Child-process entry: the same routes with the nuxt-actions peer's defineAction (1.1.2), on h3 1.x.
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { createApp, createRouter, getRequestHeader, toNodeListener } from 'h3'
import type { H3Event } from 'h3'
// nuxt-actions exports only its Nuxt module; its server runtime is plain h3 code, loaded by file path
// @ts-expect-error no declaration file for the runtime path
import { defineAction } from '../../node_modules/nuxt-actions/dist/runtime/server/utils/defineAction.js'
import { serveOverIpc } from '../../lib/serve-over-ipc'
import { buildTodo, listOutput, listTodos, routes, todoInput, todoOutput, todoQuery, userMiddleware } from '../fixture'

interface PeerArgs { input: Record<string, number & string>, ctx: { user: { id: string } } }

const withUser = userMiddleware((event: H3Event) => getRequestHeader(event, 'x-user'))

const todoRoute = (outputSchema?: StandardSchemaV1) => defineAction({
  input: todoInput,
  middleware: [withUser],
  outputSchema,
  handler: ({ input, ctx }: PeerArgs) => buildTodo(input.title, input.priority, ctx.user.id),
})

const listRoute = (outputSchema?: StandardSchemaV1) => defineAction({
  input: todoQuery,
  middleware: [withUser],
  outputSchema,
  handler: ({ input, ctx }: PeerArgs) => listTodos(input.page, input.size, ctx.user.id),
})

serveOverIpc(toNodeListener(createApp().use(createRouter()
  .post(routes.plain, todoRoute())
  .post(routes.withOutput, todoRoute(todoOutput))
  .get(routes.plain, listRoute())
  .get(routes.withOutput, listRoute(listOutput)))))
