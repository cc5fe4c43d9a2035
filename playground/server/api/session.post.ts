import { z } from 'zod'

// #region sign-in
// Signs in with a name and password: nuxt-auth-utils seals { user } into the session cookie
export default defineAction({
  input: z.object({
    name: z.string({ error: 'Pick a user' }).trim().min(1, 'Pick a user'),
    password: z.string({ error: 'Enter the password' }).min(1, 'Enter the password'),
  }),
  errors: {
    UNKNOWN_USER: { statusCode: 404, message: 'No such user' },
    WRONG_PASSWORD: { statusCode: 401, message: 'Wrong password' },
  },
  handler: async ({ input, event, errors }) => {
    const db = await useDb()
    const { rows } = await db.sql<{ rows: UserRow[] }>`SELECT * FROM users WHERE lower(name) = lower(${input.name})`
    const user = rows[0] && toUser(rows[0])
    if (!user) throw errors.UNKNOWN_USER({ fieldErrors: { name: ['Try Ada or Grace'] } })
    if (!await verifyPassword(user.passwordHash, input.password)) throw errors.WRONG_PASSWORD({ fieldErrors: { password: ['Wrong password'] } })
    await setUserSession(event, { user: { id: user.id, name: user.name, role: user.role } })
    return { name: user.name, role: user.role }
  },
})
// #endregion sign-in
