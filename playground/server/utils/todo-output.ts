import { z } from 'zod'

/**
 * A todo as the actions answer it: the output schema keeps `ownerId` on the server. The dates are `Date`s
 * here and ISO strings on the wire.
 * @example
 * export default authedAction.outputSchema(todoOutput).handler(...)
 */
export const todoOutput = z.object({
  id: z.number(),
  title: z.string(),
  done: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
  attachment: z.object({ name: z.string(), type: z.string(), size: z.number() }).nullable(),
})
