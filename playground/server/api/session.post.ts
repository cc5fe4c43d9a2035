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
  middleware: [
    // against guessing one account's password: 100 attempts per 10 minutes per account name (10 a minute on average),
    // from any address, so spreading the guesses over many addresses does not help; lower-cased as the look-up matches it
    rateLimit({
      name: 'sign-in',
      limit: 100,
      window: 10 * 60_000,
      key: ({ input }) => input.name.toLowerCase(),
      message: 'Too many sign-in attempts for this account: try again in a few minutes',
    }),
  ],
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
