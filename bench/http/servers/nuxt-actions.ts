// Child-process entry: the routes with the nuxt-actions peer's defineAction, on h3 1.x. The package exports
// only its Nuxt module; its server runtime is plain h3 code, loaded by file path.
import { createApp, createRouter, getRequestHeader, toNodeListener } from 'h3'
import type { EventHandler, H3Event } from 'h3'
import { defineAction } from '../../node_modules/nuxt-actions/dist/runtime/server/utils/defineAction.js'
import { serveOverIpc } from '../../lib/serve-over-ipc'
import { actionRoutes, routes, userMiddleware } from '../fixture'

const handlers = actionRoutes<EventHandler>(defineAction, userMiddleware((event: H3Event) => getRequestHeader(event, 'x-user')))
serveOverIpc(toNodeListener(createApp().use(createRouter()
  .post(routes.plain, handlers.todo).post(routes.withOutput, handlers.todoOut)
  .get(routes.plain, handlers.list).get(routes.withOutput, handlers.listOut))))
