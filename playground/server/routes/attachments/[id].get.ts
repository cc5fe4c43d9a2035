import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

// Sends a todo's attachment to its owner: a plain Nitro route (bytes, not an envelope), guarded by the session
export default defineEventHandler(async (event) => {
  const { user } = await requireUserSession(event)
  const todo = await findTodo(Number(event.context.params?.id))
  if (!todo?.attachment || todo.ownerId !== user.id) throw createError({ statusCode: 404, statusMessage: 'No such attachment' })
  setResponseHeader(event, 'content-type', todo.attachment.type)
  setResponseHeader(event, 'content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(todo.attachment.name)}`)
  return readFile(join(dataDir(), 'attachments', String(todo.id)))
})
