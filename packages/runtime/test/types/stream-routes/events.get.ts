import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

export default defineAction({
  eventSchema: z.object({ n: z.number() }),
  async* handler() {
    yield { n: 1, dropped: true }
  },
})
