// Child-process entry: the floor on h3 2.x, floor-v1.ts's handlers in h3 2's terms.
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { H3, defineHandler, getQuery, readBody, toNodeHandler } from 'h3-v2'
import type { H3Event } from 'h3-v2'
import { serveOverIpc } from '../../lib/serve-over-ipc'
import { buildTodo, failure, listOutput, listTodos, routes, runByHand, todoInput, todoOutput, todoQuery, userMiddleware, validate } from '../fixture'

const withUser = userMiddleware((event: H3Event) => event.req.headers.get('x-user'))

async function answer(event: H3Event, data: unknown, outputSchema?: StandardSchemaV1) {
  if (!outputSchema) return { success: true, data }
  const output = await validate(outputSchema, data)
  if (!output.issues) return { success: true, data: output.value }
  event.res.status = 500
  return failure('OUTPUT_VALIDATION_ERROR', 'Output validation failed', 500, output.issues)
}

const todo = (outputSchema?: StandardSchemaV1) => defineHandler(async (event) => {
  const input = await validate(todoInput, await readBody(event) ?? {})
  if (input.issues) {
    event.res.status = 422
    return failure('VALIDATION_ERROR', 'Input validation failed', 422, input.issues)
  }
  const { user } = await runByHand(withUser, event)
  return answer(event, buildTodo(input.value.title, input.value.priority, user.id), outputSchema)
})

const list = (outputSchema?: StandardSchemaV1) => defineHandler(async (event) => {
  const input = await validate(todoQuery, getQuery(event))
  if (input.issues) {
    event.res.status = 422
    return failure('VALIDATION_ERROR', 'Input validation failed', 422, input.issues)
  }
  const { user } = await runByHand(withUser, event)
  return answer(event, listTodos(input.value.page, input.value.size, user.id), outputSchema)
})

serveOverIpc(toNodeHandler(new H3()
  .post(routes.plain, todo()).post(routes.withOutput, todo(todoOutput))
  .get(routes.plain, list()).get(routes.withOutput, list(listOutput))))
