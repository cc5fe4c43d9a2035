// Child-process entry: the routes with defineAction from the runtime's h3 v1 entry, on h3 1.x.
import { createApp, createRouter, getRequestHeader, toNodeListener } from 'h3'
import type { H3Event } from 'h3'
import { defineAction } from '../../../packages/runtime/src/runtime/server/index'
import { serveOverIpc } from '../../lib/serve-over-ipc'
import { actionRoutes, routes, userMiddleware } from '../fixture'

const handlers = actionRoutes(defineAction, userMiddleware((event: H3Event) => getRequestHeader(event, 'x-user')))
serveOverIpc(toNodeListener(createApp().use(createRouter()
  .post(routes.plain, handlers.todo).post(routes.withOutput, handlers.todoOut)
  .get(routes.plain, handlers.list).get(routes.withOutput, handlers.listOut))))
