import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

export default defineAction({
  input: z.object({ done: z.boolean() }),
  handler: ({ input }) => ({ id: 1, done: input.done }),
})
