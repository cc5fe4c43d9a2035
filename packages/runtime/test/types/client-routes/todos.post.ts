import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

export default defineAction({
  input: z.object({ title: z.string().min(1) }),
  outputSchema: z.object({ id: z.number(), title: z.string() }),
  handler: ({ input }) => ({ id: 2, title: input.title, secret: 'x' }),
})
