import { z } from 'zod'

// the handler returns the whole stored user; the output schema keeps passwordHash and token on the server
export default defineAction({
  middleware: [requireUser],
  outputSchema: z.object({ id: z.number(), name: z.string(), role: z.enum(['admin', 'member']) }),
  handler: ({ ctx }) => ctx.user,
})
