import { z } from 'zod'

export default authedAction
  .params(z.object({ id: z.coerce.number().int().positive() }))
  .handler(({ params, ctx }) => {
    const todo = todos.get(params.id)
    if (!todo || todo.ownerId !== ctx.user.id) throw createActionError({ code: 'NOT_FOUND', message: `No todo ${params.id}`, statusCode: 404 })
    todos.delete(params.id)
  })
