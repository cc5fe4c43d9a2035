// The streamed reply's types come from its generator, with no generic written by hand. Never run: `nuxi typecheck
// playground` (in `pnpm typecheck`) checks this folder with the app's own types and auto-imports.
import { expectTypeOf } from 'vitest'

/** `$action` on the streaming route: the success's data is the stream of words, its result the end's data. */
export async function replyFromAction() {
  const answer = await $action('/api/reply', { method: 'POST', input: { prompt: 'tea' } })
  if (!answer.success) {
    expectTypeOf(answer.error.code).toExtend<string>()
    return
  }
  for await (const token of answer.data) expectTypeOf(token).toEqualTypeOf<string>()
  const end = await answer.data.result
  if (end.success) expectTypeOf(end.data).toEqualTypeOf<{ id: number, tokens: number }>()
}

/** `useActionStream`: the reducer's text as data, the words as events, the end's data as result. */
export function replyFromComposable() {
  const reply = useActionStream('/api/reply', { method: 'POST', initial: '', reduce: (text, token) => text + token })
  expectTypeOf(reply.data.value).toEqualTypeOf<string>()
  expectTypeOf(reply.events.value).toEqualTypeOf<string[]>()
  expectTypeOf(reply.result.value).toEqualTypeOf<{ id: number, tokens: number } | null>()
  // @ts-expect-error the route streams only on POST; GET /api/replies is not a stream
  useActionStream('/api/replies')
}
