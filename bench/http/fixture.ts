// What every HTTP server serves, whichever way it is written: the same schemas, middleware work,
// handler work, envelope and routes, and the five scenarios sent to them.
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { z } from 'zod'
import type { Scenario } from '../lib/cpu-cycles'

/** Body of POST /todos: strings, a bounded integer with a default, an array with a default. */
export const todoInput = z.object({
  title: z.string().min(1).max(200),
  priority: z.number().int().min(1).max(5).default(3),
  tags: z.array(z.string().max(20)).max(5).default([]),
})

/** Query of GET /todos: every value arrives as a string, so numbers are coerced. */
export const todoQuery = z.object({
  page: z.coerce.number().int().min(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().max(50).optional(),
})

/** What the client may see of a todo: `secret` is left out, so output validation strips it. */
export const todoOutput = z.object({ id: z.number(), title: z.string(), priority: z.number(), owner: z.string() })

/** What the client may see of a list (everything listTodos returns). */
export const listOutput = z.object({ page: z.number(), size: z.number(), owner: z.string(), items: z.array(z.object({ id: z.number(), title: z.string() })) })

/** What the middleware adds to the context. */
export interface UserContext {
  user: { id: string }
}

type Next = (options: { ctx: UserContext }) => Promise<unknown>

/**
 * The one middleware every server runs, written as the README and the templates write one: an async function that
 * puts the caller, read from `x-user` by the host's own helper, into the context through `next({ ctx })`.
 * @example
 * const withUser = userMiddleware(event => getRequestHeader(event, 'x-user'))
 */
export function userMiddleware<E>(readUser: (event: E) => string | null | undefined) {
  return async ({ event, next }: { event: E, next: Next }): Promise<unknown> => next({ ctx: { user: { id: readUser(event) ?? 'anonymous' } } })
}

/**
 * How a hand-written handler runs that middleware: it calls it with the least a `next()` can do (keep the
 * context it is given) and awaits it. No chain, no merge, no checks.
 * @example
 * const ctx = await runByHand(withUser, event)
 */
export async function runByHand<E>(middleware: ReturnType<typeof userMiddleware<E>>, event: E): Promise<UserContext> {
  let ctx: UserContext | undefined
  await middleware({ event, next: async (options) => {
    ctx = options.ctx
    return { ctx, data: undefined }
  } })
  return ctx!
}

/**
 * The POST handler's work: a todo built from the input and the user.
 * @example
 * buildTodo('Write', 2, 'u1')
 */
export function buildTodo(title: string, priority: number, owner: string) {
  return { id: 1, title, priority, owner, secret: 'never sent when an output schema is set' }
}

/**
 * The GET handler's work.
 * @example
 * listTodos(2, 10, 'u1')
 */
export function listTodos(page: number, size: number, owner: string) {
  return { page, size, owner, items: [{ id: 1, title: 'Write the benchmarks' }] }
}

/**
 * The failure envelope as a hand-written handler builds it: field errors by dot path, `_root` for the whole.
 * @example
 * failure('VALIDATION_ERROR', 'Input validation failed', 422, result.issues)
 */
export function failure(code: string, message: string, statusCode: number, issues: ReadonlyArray<StandardSchemaV1.Issue>) {
  const fieldErrors: Record<string, string[]> = Object.create(null)
  for (const issue of issues) {
    const path = issue.path?.length ? issue.path.map(p => String(typeof p === 'object' ? p.key : p)).join('.') : '_root'
    ;(fieldErrors[path] ??= []).push(issue.message)
  }
  return { success: false, error: { code, message, statusCode, fieldErrors } }
}

/**
 * A Standard Schema validation, awaited only when the schema answers with a promise.
 * @example
 * const result = await validate(todoInput, body)
 */
export async function validate<T>(schema: StandardSchemaV1<unknown, T>, value: unknown): Promise<StandardSchemaV1.Result<T>> {
  const result = schema['~standard'].validate(value)
  return result instanceof Promise ? await result : result
}

/**
 * The four routes written with a `defineAction` (ours on either h3 major, or nuxt-actions'), all with the same
 * middleware and handler work.
 * @example
 * const handlers = actionRoutes(defineAction, withUser)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function actionRoutes<H>(define: (options: any) => H, withUser: unknown): Record<'todo' | 'todoOut' | 'list' | 'listOut', H> {
  type Args<I> = { input: I, ctx: UserContext }
  const todo = (outputSchema?: StandardSchemaV1) => define({ input: todoInput, middleware: [withUser], outputSchema,
    handler: ({ input, ctx }: Args<z.output<typeof todoInput>>) => buildTodo(input.title, input.priority, ctx.user.id) })
  const list = (outputSchema?: StandardSchemaV1) => define({ input: todoQuery, middleware: [withUser], outputSchema,
    handler: ({ input, ctx }: Args<z.output<typeof todoQuery>>) => listTodos(input.page, input.size, ctx.user.id) })
  return { todo: todo(), todoOut: todo(todoOutput), list: list(), listOut: list(listOutput) }
}

/** Route paths: each route exists as POST (body) and GET (query); `/todos-out` adds an output schema. */
export const routes = { plain: '/todos', withOutput: '/todos-out' } as const

const headers = { 'content-type': 'application/json', 'x-user': 'u1' }
const validBody = JSON.stringify({ title: 'Write the benchmarks', priority: 2, tags: ['work'] })

/** The five HTTP scenarios: valid and invalid bodies, query coercion, with and without an output schema. */
export const httpScenarios: Scenario[] = [
  { id: 'post-valid', label: 'POST valid body', method: 'POST', path: routes.plain, headers, body: validBody, status: 200 },
  { id: 'post-invalid', label: 'POST invalid body (422)', method: 'POST', path: routes.plain, headers, body: JSON.stringify({ title: '', priority: 9, tags: 'work' }), status: 422 },
  { id: 'get-query', label: 'GET query coercion', method: 'GET', path: `${routes.plain}?page=2&size=10&search=bench`, headers, status: 200 },
  { id: 'post-valid-output', label: 'POST valid + output schema', method: 'POST', path: routes.withOutput, headers, body: validBody, status: 200 },
  { id: 'get-query-output', label: 'GET query + output schema', method: 'GET', path: `${routes.withOutput}?page=2&size=10&search=bench`, headers, status: 200 },
]
