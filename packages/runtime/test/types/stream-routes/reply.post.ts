import { z } from 'zod'
import { defineAction } from '../../../src/runtime/server'

export default defineAction({
  input: z.object({ prompt: z.string() }),
  errors: { BUSY: { statusCode: 429 } },
  async* handler({ input, errors }) {
    if (!input.prompt) throw errors.BUSY()
    for (const word of input.prompt.split(' ')) yield { word, at: new Date() }
    return { words: input.prompt.split(' ').length }
  },
})
