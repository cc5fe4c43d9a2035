import { defineAction } from '../../../src/runtime/server'

// declared errors, and neither rateLimit() nor idempotent()
export default defineAction({
  errors: { NOT_FOUND: { statusCode: 404 } },
  handler: ({ errors }) => {
    if (Math.random() > 2) throw errors.NOT_FOUND()
    return { id: 1 }
  },
})
