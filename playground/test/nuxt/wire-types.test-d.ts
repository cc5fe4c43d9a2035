// Types say what the wire carries: the todos' Date columns reach the client as ISO strings. Never run: `nuxi
// typecheck playground` (in `pnpm typecheck`) checks this folder with the app's own types and auto-imports.
import { expectTypeOf } from 'vitest'

/** A todo's dates as `$action` types them: strings, without a Date's methods. */
export async function todoDatesFromAction() {
  const result = await $action('/api/todos/:id', { method: 'GET', params: { id: 1 } })
  if (!result.success) return
  expectTypeOf(result.data.createdAt).toEqualTypeOf<string>()
  expectTypeOf(result.data.updatedAt).toEqualTypeOf<string>()
  // @ts-expect-error the handler's Date is an ISO string on the client: no getFullYear
  result.data.createdAt.getFullYear()
}

/** The same in a query's data and in the list's items. */
export function todoDatesFromQueries() {
  const todo = useActionQuery('/api/todos/:id', { params: { id: 1 } })
  const list = useActionQuery('/api/todos')
  expectTypeOf(todo.data.value!.createdAt).toEqualTypeOf<string>()
  expectTypeOf(list.data.value!.items[0]!.updatedAt).toEqualTypeOf<string>()
}
