import { z } from 'zod'

// #region list-action
// The signed-in user's todos, a page at a time. Query values are strings: the schema coerces page and done
export default authedAction
  .input(z.object({
    page: z.coerce.number().int().min(1).default(1),
    done: z.enum(['true', 'false']).transform(value => value === 'true').optional(),
  }))
  .outputSchema(z.object({ page: z.number(), total: z.number(), items: z.array(todoOutput) }))
  .handler(async ({ input, ctx }) => {
    const db = await useDb()
    const pageSize = 20
    const done = input.done === undefined ? null : Number(input.done)
    const { rows } = await db.sql<{ rows: TodoRow[] }>`SELECT * FROM todos
      WHERE owner_id = ${ctx.user.id} AND (${done} IS NULL OR done = ${done})
      ORDER BY id LIMIT ${pageSize} OFFSET ${(input.page - 1) * pageSize}`
    const { rows: [count] } = await db.sql<{ rows: { total: number }[] }>`SELECT count(*) AS total FROM todos
      WHERE owner_id = ${ctx.user.id} AND (${done} IS NULL OR done = ${done})`
    return { page: input.page, total: count!.total, items: rows.map(toTodo) }
  })
// #endregion list-action
