// the role this route needs lives in metadata; requireRole reads it
export default defineAction({
  metadata: { role: 'admin', description: 'Counts for the admin dashboard' },
  middleware: [requireUser, requireRole],
  handler: () => ({ users: users.length, todos: todos.size, done: [...todos.values()].filter(todo => todo.done).length }),
})
