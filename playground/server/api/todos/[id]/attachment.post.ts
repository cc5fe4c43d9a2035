import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'

const maxSize = 100 * 1024

// Attaches a file to a todo (multipart: the detail page's upload form, with or without JavaScript). The bytes go
// to the data folder, the name, type and size to the todo's row; GET /attachments/:id sends them back.
export default authedAction
  .params(z.object({ id: z.coerce.number().int().positive() }))
  .input(z.object({
    file: z.instanceof(File, { message: 'Choose a file' })
      .refine(file => file.size > 0, 'The file is empty')
      .refine(file => file.size <= maxSize, `At most ${maxSize / 1024} KB`),
  }))
  .errors({ NOT_FOUND: { statusCode: 404, message: 'No such todo' } })
  .outputSchema(todoOutput)
  .handler(async ({ params, input, ctx, errors }) => {
    const todo = await findTodo(params.id)
    if (!todo || todo.ownerId !== ctx.user.id) throw errors.NOT_FOUND()
    const folder = join(dataDir(), 'attachments')
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, String(todo.id)), new Uint8Array(await input.file.arrayBuffer()))
    const db = await useDb()
    const { rows } = await db.sql<{ rows: TodoRow[] }>`UPDATE todos SET attachment_name = ${input.file.name},
      attachment_type = ${input.file.type || 'application/octet-stream'}, attachment_size = ${input.file.size},
      updated_at = ${new Date().toISOString()} WHERE id = ${todo.id} RETURNING *`
    return toTodo(rows[0]!)
  })
