export default defineAction({
  handler: ({ event }) => {
    deleteCookie(event, 'session', { path: '/' })
  },
})
