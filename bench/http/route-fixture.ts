import type { StandardSchemaV1 } from '@standard-schema/spec'
import { getRequestHeader } from 'h3'
import type { H3Event } from 'h3'
import { z } from 'zod'

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
export const todoOutput = z.object({
  id: z.number(),
  title: z.string(),
  priority: z.number(),
  owner: z.string(),
})

/** The middleware's work, shared by every server: who is calling, read from a header. */
export function resolveUser(header: string | undefined): { id: string } {
  return { id: header ?? 'anonymous' }
}

/** What the middleware adds to the context. */
export interface UserContext {
  user: { id: string }
}

/**
 * The one middleware every server runs, written the way SPEC and the templates write one: an async function
 * that puts the caller into the context through `next({ ctx })`. nuxt-actions takes the same shape.
 */
export async function withUser({ event, next }: { event: H3Event, next: (options: { ctx: UserContext }) => Promise<unknown> }): Promise<unknown> {
  return next({ ctx: { user: resolveUser(getRequestHeader(event, 'x-user')) } })
}

/**
 * How a hand-written handler runs that same middleware: it calls it, with the least a `next()` can do (keep
 * the context it is given), and awaits it. No chain, no merge, no checks.
 */
export async function runByHand(event: H3Event): Promise<UserContext> {
  let ctx: UserContext | undefined
  await withUser({
    event,
    next: async (options) => {
      ctx = options.ctx
      return { ctx, data: undefined }
    },
  })
  return ctx!
}

/** The handler's work, shared by every server: a todo built from the input and the user. */
export function buildTodo(title: string, priority: number, owner: string) {
  return { id: 1, title, priority, owner, secret: 'never sent when an output schema is set' }
}

/** The handler's work for the query route. */
export function listTodos(page: number, size: number, owner: string) {
  return { page, size, owner, items: [{ id: 1, title: 'Write the benchmarks' }] }
}

/** Route paths served by every server, one per scenario kind. */
export const routes = {
  post: '/todos',
  postWithOutput: '/todos-out',
  get: '/todos',
  getWithOutput: '/todos-out',
} as const

/** What the client may see of a todo list (everything listTodos returns). */
export const listOutput = z.object({
  page: z.number(),
  size: z.number(),
  owner: z.string(),
  items: z.array(z.object({ id: z.number(), title: z.string() })),
})

/** Field errors the way the envelope carries them: dot paths, `_root` for the whole value. */
export function toFieldErrors(issues: ReadonlyArray<StandardSchemaV1.Issue>): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = Object.create(null)
  for (const issue of issues) {
    const path = issue.path?.length ? issue.path.map(p => String(typeof p === 'object' ? p.key : p)).join('.') : '_root'
    ;(fieldErrors[path] ??= []).push(issue.message)
  }
  return fieldErrors
}
