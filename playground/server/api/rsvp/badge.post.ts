import { z } from 'zod'

// the badge form on /rsvp: its fields are named `toString` and `hasOwnProperty`, names every object inherits, and are
// read as plain fields all the same; the answer carries them back under the same names
export default defineAction({
  input: z.object({
    toString: z.string().trim().min(1, 'Write what your badge says').max(30, 'At most 30 characters'),
    hasOwnProperty: z.string().trim().max(30, 'At most 30 characters'),
  }),
  handler: ({ input }) => ({ toString: input.toString, hasOwnProperty: input.hasOwnProperty }),
})
