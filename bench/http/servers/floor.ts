import type { StandardSchemaV1 } from '@standard-schema/spec'
import { createRouter, defineEventHandler, getQuery, getRequestHeader, readBody, setResponseStatus } from 'h3'
import type { H3Event } from 'h3'
import { buildTodo, listOutput, listTodos, resolveUser, routes, runByHand, todoInput, todoOutput, todoQuery, toFieldErrors } from '../route-fixture'
import type { UserContext } from '../route-fixture'

function fail(event: H3Event, issues: ReadonlyArray<StandardSchemaV1.Issue>, code: string, message: string, statusCode: number) {
  setResponseStatus(event, statusCode)
  return { success: false, error: { code, message, statusCode, fieldErrors: toFieldErrors(issues) } }
}

async function validate(schema: StandardSchemaV1, value: unknown) {
  let result = schema['~standard'].validate(value)
  if (result instanceof Promise) result = await result
  return result
}

/** How a floor gets the middleware's context: by running the middleware, or by doing its work inline. */
type ContextStep = (event: H3Event) => UserContext | Promise<UserContext>

/** The middleware's work written into the handler: no async call at all, stricter than any middleware. */
const inline: ContextStep = event => ({ user: resolveUser(getRequestHeader(event, 'x-user')) })

function todoRoute(context: ContextStep, outputSchema?: StandardSchemaV1) {
  return defineEventHandler(async (event) => {
    const body = await readBody(event)
    const input = await validate(todoInput, body ?? {})
    if (input.issues) return fail(event, input.issues, 'VALIDATION_ERROR', 'Input validation failed', 422)
    let ctx = context(event)
    if (ctx instanceof Promise) ctx = await ctx
    const value = input.value as { title: string, priority: number }
    const data = buildTodo(value.title, value.priority, ctx.user.id)
    if (!outputSchema) return { success: true, data }
    const output = await validate(outputSchema, data)
    if (output.issues) return fail(event, output.issues, 'OUTPUT_VALIDATION_ERROR', 'Output validation failed', 500)
    return { success: true, data: output.value }
  })
}

function listRoute(context: ContextStep, outputSchema?: StandardSchemaV1) {
  return defineEventHandler(async (event) => {
    const input = await validate(todoQuery, getQuery(event))
    if (input.issues) return fail(event, input.issues, 'VALIDATION_ERROR', 'Input validation failed', 422)
    let ctx = context(event)
    if (ctx instanceof Promise) ctx = await ctx
    const value = input.value as { page: number, size: number }
    const data = listTodos(value.page, value.size, ctx.user.id)
    if (!outputSchema) return { success: true, data }
    const output = await validate(outputSchema, data)
    if (output.issues) return fail(event, output.issues, 'OUTPUT_VALIDATION_ERROR', 'Output validation failed', 500)
    return { success: true, data: output.value }
  })
}

function createRouterWith(context: ContextStep) {
  return createRouter()
    .post(routes.post, todoRoute(context))
    .post(routes.postWithOutput, todoRoute(context, todoOutput))
    .get(routes.get, listRoute(context))
    .get(routes.getWithOutput, listRoute(context, listOutput))
}

/** The floor: hand-written h3 handlers doing the same work as an action, running the same middleware by hand. */
export function createFloorRouter() {
  return createRouterWith(runByHand)
}

/** The floor with the middleware's work inline instead of a call to the middleware: a stricter reference, shown beside it. */
export function createInlineFloorRouter() {
  return createRouterWith(inline)
}
