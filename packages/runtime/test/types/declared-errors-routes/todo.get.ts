import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

export default defineAction({
  params: z.object({ id: z.coerce.number() }),
  errors: {
    NOT_FOUND: { statusCode: 404, message: 'No such todo' },
    GONE: { statusCode: 410 },
  },
  handler: ({ params, errors }) => {
    if (params.id === 0) throw errors.GONE()
    if (params.id > 10) throw errors.NOT_FOUND()
    return { id: params.id, title: 'Milk' }
  },
})
