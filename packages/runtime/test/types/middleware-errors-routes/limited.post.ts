import { z } from 'zod'
import { defineAction, rateLimit } from '../../../src/runtime/server'

export default defineAction({
  input: z.object({ name: z.string() }),
  errors: { WRONG_PASSWORD: { statusCode: 401 } },
  middleware: [rateLimit({ limit: 5, window: 60_000, key: ({ input }) => input.name })],
  handler: ({ input }) => ({ name: input.name }),
})
