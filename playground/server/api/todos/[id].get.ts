import { z } from 'zod'

// Declared errors: the page switches over error.code, and TypeScript checks that every code is handled
// (app/pages/errors.vue). UNAUTHORIZED comes from requireUser, declared here so the client's types know it.
export default authedAction
  .errors({
    UNAUTHORIZED: { statusCode: 401, message: 'Sign in first' },
    NOT_FOUND: { statusCode: 404, message: 'No such todo' },
    NOT_YOURS: { statusCode: 403, message: 'That todo belongs to someone else' },
  })
  .params(z.object({ id: z.coerce.number().int().min(1) }))
  .outputSchema(todoOutput)
  .handler(async ({ params, ctx, errors }) => {
    const todo = await findTodo(params.id)
    if (!todo) throw errors.NOT_FOUND({ message: `There is no todo ${params.id}` })
    if (todo.ownerId !== ctx.user.id) throw errors.NOT_YOURS()
    return todo
  })
