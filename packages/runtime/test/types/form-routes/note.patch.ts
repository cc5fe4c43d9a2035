import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

export default defineAction({
  params: z.object({ id: z.coerce.number() }),
  input: z.object({ text: z.string(), attachment: z.instanceof(File).optional() }),
  handler: ({ input }) => ({ text: input.text }),
})
