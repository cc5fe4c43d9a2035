import { createApp, createRouter, defineEventHandler, getQuery, getRequestHeader, readBody, setResponseStatus, toPlainHandler } from 'h3'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { z } from 'zod'
import { defineAction } from '../../packages/runtime/src/runtime/server/index'
import type { ActionMiddleware, NextFunction } from '../../packages/runtime/src/runtime/server/index'

/** A trivial schema, so the wrapper's own cost is not hidden by validation. */
const trivial = z.object({ n: z.coerce.number() })

async function validate(value: unknown) {
  let result = trivial['~standard'].validate(value)
  if (result instanceof Promise) result = await result
  return result as StandardSchemaV1.Result<{ n: number }>
}

const floor = defineEventHandler(async (event) => {
  const result = await validate(event.method === 'GET' ? getQuery(event) : await readBody(event))
  if (result.issues) {
    setResponseStatus(event, 422)
    return { success: false, error: { code: 'VALIDATION_ERROR', message: 'Input validation failed', statusCode: 422 } }
  }
  return { success: true, data: result.value.n }
})

const action = defineAction({ input: trivial, handler: ({ input }) => input.n })

/** One middleware as users write them: async, adds to the context through next(). */
const withUser: ActionMiddleware = async ({ event, next }) => next({ ctx: { user: getRequestHeader(event, 'x-user') ?? 'anonymous' } })

/** The middleware's work written inline, synchronously: no async call, stricter than any middleware. */
const floorInline = defineEventHandler((event) => {
  const user = getRequestHeader(event, 'x-user') ?? 'anonymous'
  return { success: true, data: { n: Number(getQuery(event).n), user } }
})

/** The floor: the same async middleware called by hand, with the least a next() can do. As in the HTTP part. */
const floorCallingMiddleware = defineEventHandler(async (event) => {
  let ctx: Record<string, unknown> = {}
  await withUser({ event, input: undefined, params: {}, metadata: {}, ctx, next: (async (options?: { ctx?: Record<string, unknown> }) => {
    ctx = { ...ctx, ...options?.ctx }
    return { ctx: options?.ctx ?? {}, data: undefined }
  }) as NextFunction })
  return { success: true, data: { n: Number(getQuery(event).n), user: ctx.user } }
})

const actionWithMiddleware = defineAction({ middleware: [withUser], handler: ({ input, ctx }) => ({ n: Number((input as { n: string }).n), user: ctx.user }) })

/**
 * One h3 app serving the floor and defineAction on the same trivial schema, a
 * constant route that shows what h3 itself costs, and the three middleware
 * routes. Called through h3 v1's `toPlainHandler`, which builds a real H3Event
 * per request.
 */
export const callApp = toPlainHandler(createApp().use(createRouter()
  .use('/noop', defineEventHandler(() => ({ success: true, data: 1 })))
  .use('/floor', floor)
  .use('/action', action)
  .use('/floor-inline', floorInline)
  .use('/floor-middleware', floorCallingMiddleware)
  .use('/action-middleware', actionWithMiddleware)))

/** A POST request with a JSON body to one of the routes. */
export function postTo(path: string) {
  return callApp({ method: 'POST', path, headers: { 'content-type': 'application/json', 'content-length': '7' }, body: '{"n":1}' })
}

/** A GET request with a query to one of the routes. */
export function getFrom(path: string) {
  return callApp({ method: 'GET', path: `${path}?n=1`, headers: { 'x-user': 'u1' } })
}

/** Every in-process case, by group: what `vitest bench` runs and what the paired runner alternates. */
export const callGroups: Record<string, Record<string, () => Promise<unknown>>> = {
  'POST, trivial schema': {
    'h3 constant route': () => postTo('/noop'),
    'floor': () => postTo('/floor'),
    'defineAction': () => postTo('/action'),
  },
  'GET, trivial schema': {
    'h3 constant route': () => getFrom('/noop'),
    'floor': () => getFrom('/floor'),
    'defineAction': () => getFrom('/action'),
  },
  'GET, one async middleware': {
    // the floor runs the same middleware, as the HTTP part's floor does; the inline case shows what that call costs
    'floor': () => getFrom('/floor-middleware'),
    'middleware work inline': () => getFrom('/floor-inline'),
    'defineAction': () => getFrom('/action-middleware'),
  },
}
