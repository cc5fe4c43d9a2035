import { z } from 'zod'

export default authedAction
  .input(z.object({ title: z.string().trim().min(1, 'Write something first').max(120) }))
  .outputSchema(z.object({ id: z.number(), title: z.string(), done: z.boolean() }))
  .handler(({ input, ctx, event }) => {
    const todo: Todo = { id: nextTodoId(), title: input.title, done: false, ownerId: ctx.user.id }
    todos.set(todo.id, todo)
    setResponseStatus(event, 201)
    return todo
  })
