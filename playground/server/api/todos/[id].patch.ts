import { z } from 'zod'

// Renames a todo or marks it done (the list's optimistic toggle)
export default authedAction
  .params(z.object({ id: z.coerce.number().int().positive() }))
  .input(z.object({ title: z.string().trim().min(1).max(120).optional(), done: z.boolean().optional() }))
  .outputSchema(todoOutput)
  .handler(async ({ params, input, ctx }) => {
    const todo = await findTodo(params.id)
    if (!todo || todo.ownerId !== ctx.user.id) throw createActionError({ code: 'NOT_FOUND', message: `No todo ${params.id}`, statusCode: 404 })
    const db = await useDb()
    const title = input.title ?? todo.title
    const done = Number(input.done ?? todo.done)
    const { rows } = await db.sql<{ rows: TodoRow[] }>`UPDATE todos SET title = ${title}, done = ${done}, updated_at = ${new Date().toISOString()}
      WHERE id = ${params.id} RETURNING *`
    return toTodo(rows[0]!)
  })
