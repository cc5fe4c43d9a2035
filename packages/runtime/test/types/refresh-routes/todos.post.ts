import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

export default defineAction({
  input: z.object({ title: z.string().min(1) }),
  handler: ({ input }) => ({ id: 2, title: input.title, done: false }),
})
