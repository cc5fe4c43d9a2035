// the role this route needs lives in metadata; requireRole reads it. `openapi: false` keeps this
// admin-only action out of every OpenAPI document (the dev one, a production build's, Nitro's)
export default defineAction({
  metadata: { role: 'admin', description: 'Counts for the admin dashboard', openapi: false },
  middleware: [requireUser, requireRole],
  handler: () => ({ users: users.length, todos: todos.size, done: [...todos.values()].filter(todo => todo.done).length }),
})
