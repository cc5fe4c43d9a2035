import { z } from 'zod'

// Everyone's todos with their owner's name, for the admin page: admin only, as the stats (metadata.role + requireRole)
export default defineAction({
  metadata: { role: 'admin', description: 'Every user\'s todos', openapi: false },
  middleware: [requireUser, requireRole],
  outputSchema: z.array(todoOutput.extend({ owner: z.string() })),
  handler: async () => {
    const db = await useDb()
    const { rows } = await db.sql<{ rows: (TodoRow & { owner: string })[] }>`SELECT todos.*, users.name AS owner
      FROM todos JOIN users ON users.id = todos.owner_id ORDER BY todos.id`
    return rows.map(row => ({ ...toTodo(row), owner: row.owner }))
  },
})
