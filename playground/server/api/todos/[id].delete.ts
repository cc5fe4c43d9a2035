import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'

// Deletes a todo and its attachment: its owner may, and so may an admin (anyone's)
export default authedAction
  .params(z.object({ id: z.coerce.number().int().positive() }))
  .handler(async ({ params, ctx }) => {
    const todo = await findTodo(params.id)
    if (!todo || (todo.ownerId !== ctx.user.id && ctx.user.role !== 'admin')) throw createActionError({ code: 'NOT_FOUND', message: `No todo ${params.id}`, statusCode: 404 })
    const db = await useDb()
    await db.sql`DELETE FROM todos WHERE id = ${params.id}`
    await rm(join(dataDir(), 'attachments', String(params.id)), { force: true })
  })
