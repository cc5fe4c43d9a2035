// #region valibot-route
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'

const topics = v.array(v.picklist(['releases', 'security']))

// the valibot route: toStandardJsonSchema adds Standard JSON Schema, so OpenAPI and the DevTools show its schemas
export default defineAction({
  input: toStandardJsonSchema(v.object({
    email: v.pipe(v.string(), v.trim(), v.email('Enter a valid email')),
    topics: v.optional(topics, ['releases']),
  })),
  outputSchema: toStandardJsonSchema(v.object({ subscribed: v.pipe(v.string(), v.email()), topics })),
  handler: ({ input }) => ({ subscribed: input.email, topics: input.topics }),
})
// #endregion valibot-route
