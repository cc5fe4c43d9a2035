import { z } from 'zod'

// signs in as one of the playground users by name and sets the session cookie
export default defineAction({
  input: z.object({ name: z.string().min(1, 'Pick a user') }),
  handler: ({ input, event }) => {
    const user = users.find(candidate => candidate.name.toLowerCase() === input.name.toLowerCase())
    if (!user) throw createActionError({ code: 'UNKNOWN_USER', message: 'No such user', statusCode: 404, fieldErrors: { name: ['Try Ada or Grace'] } })
    setCookie(event, 'session', user.token, { httpOnly: true, sameSite: 'lax', path: '/' })
    return { name: user.name, role: user.role }
  },
})
