import { z } from 'zod'

// #region reply-action
// A reply streamed word by word. The handler is an async generator, so the action streams: everything before the
// first word is the normal lifecycle (422 for an empty prompt, 401 from requireUser), then each `yield` is one
// event and the return value ends the stream. `signal` aborts when the client goes away (Stop on the page), the
// runtime then returns the generator, and its `finally` records how the reply ended
export default defineAction({
  middleware: [requireUser],
  input: z.object({
    prompt: z.string({ error: 'Write a prompt first' }).trim().min(1, 'Write a prompt first').max(200, 'At most 200 characters'),
  }),
  eventSchema: z.string(),
  outputSchema: z.object({ id: z.number(), tokens: z.number() }),
  async* handler({ input, ctx, signal }) {
    const db = await useDb()
    const { rows } = await db.sql<{ rows: { id: number }[] }>`INSERT INTO replies (owner_id, prompt, status, created_at)
      VALUES (${ctx.user.id}, ${input.prompt}, 'streaming', ${new Date().toISOString()}) RETURNING id`
    const id = rows[0]!.id
    let tokens = 0
    let completed = false
    try {
      for await (const token of localReply(input.prompt, { signal })) {
        tokens++
        yield token
      }
      completed = !signal.aborted
      return { id, tokens }
    }
    finally {
      const status = completed ? 'completed' : signal.aborted ? 'stopped' : 'failed'
      await db.sql`UPDATE replies SET status = ${status}, tokens = ${tokens} WHERE id = ${id}`
    }
  },
})
// #endregion reply-action
