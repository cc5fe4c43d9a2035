import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

export const signupSchema = z.object({
  name: z.string().min(2),
  address: z.object({ city: z.string(), zip: z.string().optional() }),
  tags: z.array(z.string()).optional(),
  items: z.array(z.object({ name: z.string(), qty: z.coerce.number() })),
})

export default defineAction({
  input: signupSchema,
  handler: ({ input }) => ({ id: 1, name: input.name }),
})
