// Child-process entry: the floor idempotent() on the memory store is read against, for a new key. The plain action
// with the least a middleware written by hand for one process does with a new key: the key bound to the signed-in
// user, the request's input kept as JSON text (not hashed) to tell a reuse, claimed in a Map before the handler and
// holding the answer's data after it. No hashing, no TTL, no headers, no size bound; a repeated key is refused, not
// replayed (a middleware cannot answer for the handler), which the new-key row never sends.
import { getRequestHeader } from 'h3'
import type { H3Event } from 'h3'
import type { ActionMiddleware } from '../../../packages/runtime/src/runtime/server/index'
import { createActionError } from '../../../packages/runtime/src/runtime/server/index'
import { serveTodoAction } from '../fixture'

type Kept = { state: 'running', input: string } | { state: 'done', input: string, data: unknown }
const keys = new Map<string, Kept>()

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const keep: ActionMiddleware<{ user: { id: string } }, any, any> = async ({ event, ctx, input, next }) => {
  const header = getRequestHeader(event as H3Event, 'idempotency-key')
  if (header === undefined) return next()
  const key = `${ctx.user.id}\n${header}`
  const body = JSON.stringify(input)
  const held = keys.get(key)
  if (held) {
    if (held.input !== body) throw createActionError({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This key was used for another request', statusCode: 422 })
    throw createActionError({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: 'This key was already used', statusCode: 409 })
  }
  keys.set(key, { state: 'running', input: body })
  const result = await next()
  keys.set(key, { state: 'done', input: body, data: result.data })
  return result
}

serveTodoAction({ after: [keep] })
