import { z } from 'zod'
import { createActionClient } from '../../../src/runtime/server'

const authed = createActionClient()
  .errors({ UNAUTHORIZED: { statusCode: 401 } })
  .use(async ({ errors, next }) => {
    if (Math.random() > 2) throw errors.UNAUTHORIZED()
    return next({ ctx: { user: 'ada' } })
  })

export default authed
  .errors({ TITLE_TAKEN: { statusCode: 422, message: 'That title is taken' } })
  .params(z.object({ id: z.coerce.number() }))
  .input(z.object({ title: z.string() }))
  .handler(({ input, params, errors }) => {
    if (input.title === 'Milk') throw errors.TITLE_TAKEN({ fieldErrors: { title: ['taken'] } })
    return { id: params.id, title: input.title }
  })
