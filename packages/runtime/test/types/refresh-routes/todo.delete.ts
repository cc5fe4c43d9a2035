import { z } from 'zod'
import { createActionClient, defineActionMiddleware } from '../../../src/runtime/server'

// a DELETE without input, built as an app builds its authenticated actions
const authed = createActionClient().use(defineActionMiddleware(({ next }) => next({ ctx: { userId: 1 } })))

export default authed
  .params(z.object({ id: z.coerce.number().int().positive() }))
  .handler(async ({ params, ctx }) => {
    if (params.id === ctx.userId) return
  })
