import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

export default defineAction({
  input: z.object({ month: z.string() }),
  handler: () => ({ total: 1 }),
})
