import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

export default defineAction({
  params: z.object({ id: z.coerce.number() }),
  input: z.object({ title: z.string().optional(), done: z.boolean().optional() }),
  handler: ({ params, input }) => ({ id: params.id, done: input.done ?? false }),
})
