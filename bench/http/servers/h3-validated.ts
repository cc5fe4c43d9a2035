import type { StandardSchemaV1 } from '@standard-schema/spec'
import { createRouter, defineEventHandler, getValidatedQuery, readValidatedBody, setResponseStatus } from 'h3'
import type { H3Event } from 'h3'
import { buildTodo, listOutput, listTodos, routes, runByHand, todoInput, todoOutput, todoQuery, toFieldErrors } from '../route-fixture'

/** Carries Standard Schema issues through h3's validation error. */
class IssuesError extends Error {
  constructor(readonly issues: ReadonlyArray<StandardSchemaV1.Issue>) {
    super('Validation Error')
  }
}

/** h3's validator contract: return the value or throw. */
function validator<T>(schema: StandardSchemaV1<unknown, T>) {
  return async (value: unknown): Promise<T> => {
    let result = schema['~standard'].validate(value ?? {})
    if (result instanceof Promise) result = await result
    if (result.issues) throw new IssuesError(result.issues)
    return result.value
  }
}

function fail(event: H3Event, error: unknown, code: string, message: string, statusCode: number) {
  const issues = (error as { data?: unknown }).data instanceof IssuesError ? ((error as { data: IssuesError }).data.issues) : []
  setResponseStatus(event, statusCode)
  return { success: false, error: { code, message, statusCode, fieldErrors: toFieldErrors(issues) } }
}

const validateTodo = validator(todoInput)
const validateQuery = validator(todoQuery)

function todoRoute(outputSchema?: StandardSchemaV1) {
  const validateOutput = outputSchema && validator(outputSchema)
  return defineEventHandler(async (event) => {
    let input
    try {
      input = await readValidatedBody(event, validateTodo)
    }
    catch (error) {
      return fail(event, error, 'VALIDATION_ERROR', 'Input validation failed', 422)
    }
    const ctx = await runByHand(event)
    const data = buildTodo(input.title, input.priority, ctx.user.id)
    if (!validateOutput) return { success: true, data }
    try {
      return { success: true, data: await validateOutput(data) }
    }
    catch (error) {
      return fail(event, { data: error }, 'OUTPUT_VALIDATION_ERROR', 'Output validation failed', 500)
    }
  })
}

function listRoute(outputSchema?: StandardSchemaV1) {
  const validateOutput = outputSchema && validator(outputSchema)
  return defineEventHandler(async (event) => {
    let input
    try {
      input = await getValidatedQuery(event, validateQuery)
    }
    catch (error) {
      return fail(event, error, 'VALIDATION_ERROR', 'Input validation failed', 422)
    }
    const ctx = await runByHand(event)
    const data = listTodos(input.page, input.size, ctx.user.id)
    if (!validateOutput) return { success: true, data }
    try {
      return { success: true, data: await validateOutput(data) }
    }
    catch (error) {
      return fail(event, { data: error }, 'OUTPUT_VALIDATION_ERROR', 'Output validation failed', 500)
    }
  })
}

/** The same routes through h3's own readValidatedBody and getValidatedQuery. */
export function createH3ValidatedRouter() {
  return createRouter()
    .post(routes.post, todoRoute())
    .post(routes.postWithOutput, todoRoute(todoOutput))
    .get(routes.get, listRoute())
    .get(routes.getWithOutput, listRoute(listOutput))
}
