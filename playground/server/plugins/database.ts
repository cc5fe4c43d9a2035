// Opens (and on the first start creates and seeds) the SQLite database when the server starts, not at the first request
export default defineNitroPlugin(async () => {
  await useDb()
})
