import { z } from 'zod'

export default authedAction
  .params(z.object({ id: z.coerce.number().int().positive() }))
  .input(z.object({ title: z.string().trim().min(1).max(120).optional(), done: z.boolean().optional() }))
  .outputSchema(z.object({ id: z.number(), title: z.string(), done: z.boolean() }))
  .handler(({ params, input, ctx }) => {
    const todo = todos.get(params.id)
    if (!todo || todo.ownerId !== ctx.user.id) throw createActionError({ code: 'NOT_FOUND', message: `No todo ${params.id}`, statusCode: 404 })
    Object.assign(todo, input)
    return todo
  })
