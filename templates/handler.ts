import type { SchemaLibrary } from './types'

/** The name of the event type a streaming route without a schema library declares. */
const EVENT_TYPE = 'StreamEvent'

/**
 * The handler of a route file, as lines inside `defineAction({ ... })`: a
 * function that echoes its params and input, and with the route's own
 * middleware stub the one field that stub adds, or with `stream` an async
 * generator that yields a few events (one word each, a pause before each) and
 * returns the same echo as the end event's data. It never returns `ctx` whole:
 * shared middleware such as `requireUser` puts a user row there.
 * @example
 * handlerLines({ stream: true, schema: 'zod', sharedMiddleware: false })
 * // ['  async* handler({ params, input, ctx, signal }) {', ...]
 */
export function handlerLines(options: { stream: boolean, schema: SchemaLibrary, sharedMiddleware: boolean }): string[] {
  // the stub's one field shows that ctx reaches the handler; shared middleware's ctx is the app's, unknown here
  const echo = options.sharedMiddleware ? '{ params, input }' : '{ params, input, requestedAt: ctx.requestedAt }'
  const args = options.sharedMiddleware ? 'params, input' : 'params, input, ctx'
  const ctxComment = '    // Send the fields you mean to, never ctx whole: middleware may put a user (and its password hash) in it'
  if (!options.stream) {
    return [
      `  handler: ({ ${args} }) => {`,
      '    // TODO: replace with the real work: what this returns is the envelope\'s data.',
      ctxComment,
      `    return ${echo}`,
      '  },',
    ]
  }
  // without a schema the type says what an event holds, and the client's events are typed from the yields
  const event = options.schema === 'none' ? `{ index, text } satisfies ${EVENT_TYPE}` : '{ index, text }'
  return [
    `  async* handler({ ${args}, signal }) {`,
    '    // TODO: replace with the real work: each yield is one event, sent as soon as the client can take it.',
    '    // Pass signal on to what you call (fetch, an AI SDK): it aborts when the client goes away.',
    `    const words = ['Hello', 'from', 'a', 'streamed', 'reply']`,
    '    for (const [index, text] of words.entries()) {',
    '      await new Promise(resolve => setTimeout(resolve, 200))',
    '      if (signal.aborted) break',
    `      yield ${event}`,
    '    }',
    '    // what it returns ends the stream: the data of the end event.',
    ctxComment,
    `    return ${echo}`,
    '  },',
  ]
}

/**
 * The lines a streaming route without a schema library puts before its
 * action: the type of its events. Empty otherwise.
 * @example
 * eventTypeLines({ stream: true, schema: 'none' }) // [doc comment, 'interface StreamEvent {', '  index: number', ...]
 */
export function eventTypeLines(options: { stream: boolean, schema: SchemaLibrary }): string[] {
  if (!options.stream || options.schema !== 'none') return []
  return [
    '/** One event of the stream: what each yield sends (add `eventSchema` to validate it). */',
    `interface ${EVENT_TYPE} {`,
    '  index: number',
    '  text: string',
    '}',
    '',
  ]
}
