import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

export default defineAction({
  input: z.object({ page: z.coerce.number().int().default(1) }),
  handler: () => ({ items: [{ id: 1, title: 'First', done: false }] }),
})
