// Signs out: clears the session cookie
export default defineAction({
  handler: async ({ event }) => {
    await clearUserSession(event)
  },
})
