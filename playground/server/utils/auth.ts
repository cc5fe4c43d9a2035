/**
 * Puts the signed-in user in ctx. The token comes from the `session` cookie
 * (set by POST /api/session) or an `Authorization: Bearer <token>` header.
 */
export const requireUser = defineActionMiddleware('requireUser', async ({ event, next }) => {
  const bearer = getRequestHeader(event, 'authorization')?.replace(/^Bearer\s+/i, '')
  const token = getCookie(event, 'session') ?? bearer
  const user = users.find(candidate => candidate.token === token)
  if (!user) throw createActionError({ code: 'UNAUTHORIZED', message: 'Sign in first', statusCode: 401 })
  return next({ ctx: { user } })
})

/** Halts unless ctx.user has the role the action names in `metadata.role`. */
export const requireRole = defineActionMiddleware<{ user: User }>('requireRole', async ({ ctx, metadata, next }) => {
  if (metadata.role && ctx.user.role !== metadata.role) {
    throw createActionError({ code: 'FORBIDDEN', message: `This needs the ${String(metadata.role)} role`, statusCode: 403 })
  }
  return next()
})

/** Actions that need a signed-in user start from this builder. */
export const authedAction = createActionClient().use(requireUser)
