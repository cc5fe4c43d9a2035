// the role this route needs lives in metadata; requireRole reads it. `openapi: false` keeps this
// admin-only action out of every OpenAPI document (the dev one, a production build's, Nitro's)
export default defineAction({
  metadata: { role: 'admin', description: 'Counts for the admin dashboard', openapi: false },
  middleware: [requireUser, requireRole],
  handler: async () => {
    const db = await useDb()
    const { rows } = await db.sql<{ rows: { users: number, todos: number, done: number }[] }>`SELECT
      (SELECT count(*) FROM users) AS users,
      (SELECT count(*) FROM todos) AS todos,
      (SELECT count(*) FROM todos WHERE done = 1) AS done`
    return rows[0]!
  },
})
