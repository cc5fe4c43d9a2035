// What every streaming server serves, whichever way it is written: GET /stream?n=&words= streams n events
// `{ i, token }` (token: `words` times 'word'), the query read and validated by the same zod schema.
import { z } from 'zod'

/** The one route. */
export const streamPath = '/stream'

/** The query: how many events, and how long each event's token is. */
export const streamQuery = z.object({
  n: z.coerce.number().int().min(0),
  words: z.coerce.number().int().min(1).max(1000).default(1),
})

/**
 * The token of every event of a stream: 'word', or `words` of them separated by spaces.
 * @example
 * tokenOf(2) // 'word word'
 */
export function tokenOf(words: number): string {
  return words === 1 ? 'word' : Array.from({ length: words }, () => 'word').join(' ')
}

/**
 * The events of one stream, as an action's handler yields them.
 * @example
 * for await (const event of tokenEvents(3, 'word')) console.log(event)
 */
export async function* tokenEvents(n: number, token: string) {
  for (let i = 0; i < n; i++) yield { i, token }
}
