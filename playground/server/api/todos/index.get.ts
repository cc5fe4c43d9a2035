import { z } from 'zod'

// query values are strings: the schema coerces page and done
export default authedAction
  .input(z.object({
    page: z.coerce.number().int().min(1).default(1),
    done: z.enum(['true', 'false']).transform(value => value === 'true').optional(),
  }))
  .outputSchema(z.object({
    page: z.number(),
    total: z.number(),
    items: z.array(z.object({ id: z.number(), title: z.string(), done: z.boolean() })),
  }))
  .handler(({ input, ctx }) => {
    const mine = [...todos.values()].filter(todo => todo.ownerId === ctx.user.id && (input.done === undefined || todo.done === input.done))
    const pageSize = 20
    return { page: input.page, total: mine.length, items: mine.slice((input.page - 1) * pageSize, input.page * pageSize) }
  })
