import { z } from 'zod'

// #region create-action
// Adds a todo for the signed-in user: from the list's quick-add (JSON) and the form page (a form, with or without JS).
// The quick-add retries a lost answer with the same Idempotency-Key: idempotent() runs it once and answers the retry
// with the stored answer. Keys are the user's own: another user's key never reaches this user's answers
export default authedAction
  .use(idempotent({ scope: ({ ctx }) => ctx.user.id }))
  .input(z.object({ title: z.string({ error: 'Write something first' }).trim().min(1, 'Write something first').max(120, 'At most 120 characters') }))
  .outputSchema(todoOutput)
  .handler(async ({ input, ctx, event }) => {
    const db = await useDb()
    const now = new Date().toISOString()
    const { rows } = await db.sql<{ rows: TodoRow[] }>`INSERT INTO todos (title, done, owner_id, created_at, updated_at)
      VALUES (${input.title}, 0, ${ctx.user.id}, ${now}, ${now}) RETURNING *`
    setResponseStatus(event, 201)
    return toTodo(rows[0]!)
  })
// #endregion create-action
