import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

// the output schema's output type is what the handler's data is typed as: its Date is a string on the wire too
export default defineAction({
  outputSchema: z.object({ at: z.date() }),
  handler: () => ({ at: new Date() }),
})
