import { defineAction } from '../../../src/runtime/server'

export default defineAction({
  handler: ({ input }) => ({ received: input }),
})
