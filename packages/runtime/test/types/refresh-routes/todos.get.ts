import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

export default defineAction({
  input: z.object({ filter: z.enum(['all', 'done']).optional() }),
  handler: () => ({ items: [{ id: 1, title: 'First', done: false }] }),
})
