// Child-process entry: the routes with defineAction from the runtime's h3 v2 entry, on h3 2.x.
import { H3, toNodeHandler } from 'h3-v2'
import type { H3Event } from 'h3-v2'
import { defineAction } from '../../../packages/runtime/src/runtime/server/h3-v2'
import { serveOverIpc } from '../../lib/serve-over-ipc'
import { actionRoutes, routes, userMiddleware } from '../fixture'

const handlers = actionRoutes(defineAction, userMiddleware((event: H3Event) => event.req.headers.get('x-user')))
serveOverIpc(toNodeHandler(new H3()
  .post(routes.plain, handlers.todo).post(routes.withOutput, handlers.todoOut)
  .get(routes.plain, handlers.list).get(routes.withOutput, handlers.listOut)))
