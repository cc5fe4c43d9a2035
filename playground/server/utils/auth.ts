// #region require-user
/**
 * Puts the signed-in user in ctx: the user of the session cookie (nuxt-auth-utils' sealed session, set by
 * POST /api/session), or of an `Authorization: Bearer <token>` header (for curl).
 */
export const requireUser = defineActionMiddleware('requireUser', async ({ event, next }) => {
  const db = await useDb()
  const session = await getUserSession(event)
  const bearer = getRequestHeader(event, 'authorization')?.replace(/^Bearer\s+/i, '')
  const { rows } = session.user
    ? await db.sql<{ rows: UserRow[] }>`SELECT * FROM users WHERE id = ${session.user.id}`
    : await db.sql<{ rows: UserRow[] }>`SELECT * FROM users WHERE token = ${bearer ?? ''}`
  if (!rows[0]) throw createActionError({ code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 })
  return next({ ctx: { user: toUser(rows[0]) } })
})
// #endregion require-user

// #region require-role
/** Halts unless ctx.user has the role the action names in `metadata.role`. */
export const requireRole = defineActionMiddleware<{ user: User }>('requireRole', async ({ ctx, metadata, next }) => {
  if (metadata.role && ctx.user.role !== metadata.role) {
    throw createActionError({ code: 'FORBIDDEN', message: `This needs the ${String(metadata.role)} role`, statusCode: 403 })
  }
  return next()
})

/** Actions that need a signed-in user start from this builder. */
export const authedAction = createActionClient().use(requireUser)
// #endregion require-role
