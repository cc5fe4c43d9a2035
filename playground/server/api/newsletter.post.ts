import * as v from 'valibot'

// the valibot route
export default defineAction({
  input: v.object({
    email: v.pipe(v.string(), v.trim(), v.email('Enter a valid email')),
    topics: v.optional(v.array(v.picklist(['releases', 'security'])), ['releases']),
  }),
  handler: ({ input }) => ({ subscribed: input.email, topics: input.topics }),
})
