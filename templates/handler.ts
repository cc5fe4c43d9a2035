import type { SchemaLibrary } from './types'

/** The name of the event type a streaming route without a schema library declares. */
const EVENT_TYPE = 'StreamEvent'

/**
 * The handler of a route file, as lines inside `defineAction({ ... })`: a
 * function that echoes what it received, or with `stream` an async generator
 * that yields a few events (one word each, a pause before each) and returns
 * the same echo as the end event's data.
 * @example
 * handlerLines({ stream: true, schema: 'zod' })
 * // ['  async* handler({ params, input, ctx, signal }) {', ...]
 */
export function handlerLines(options: { stream: boolean, schema: SchemaLibrary }): string[] {
  if (!options.stream) {
    return [
      '  handler: ({ params, input, ctx }) => {',
      '    // replace with the real work: what this returns is the envelope\'s data',
      '    return { params, input, ctx }',
      '  },',
    ]
  }
  // without a schema the type says what an event holds, and the client's events are typed from the yields
  const event = options.schema === 'none' ? `{ index, text } satisfies ${EVENT_TYPE}` : '{ index, text }'
  return [
    '  async* handler({ params, input, ctx, signal }) {',
    '    // replace with the real work: each yield is one event, sent as soon as the client can take it.',
    '    // Pass signal on to what you call (fetch, an AI SDK): it aborts when the client goes away.',
    `    const words = ['Hello', 'from', 'a', 'streamed', 'reply']`,
    '    for (const [index, text] of words.entries()) {',
    '      await new Promise(resolve => setTimeout(resolve, 200))',
    '      if (signal.aborted) break',
    `      yield ${event}`,
    '    }',
    '    // what it returns ends the stream: the data of the end event',
    '    return { params, input, ctx }',
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
