// GET /api/stats, which the docs' samples call and the reference app names /api/admin/stats
export default defineAction({
  handler: () => ({ total: 3, done: 1 }),
})
