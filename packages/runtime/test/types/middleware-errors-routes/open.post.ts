import { defineAction, rateLimit } from '../../../src/runtime/server'

// rateLimit() on an action that declares no errors
export default defineAction({
  middleware: [rateLimit({ limit: 5, window: 60_000 })],
  handler: () => ({ ok: true }),
})
