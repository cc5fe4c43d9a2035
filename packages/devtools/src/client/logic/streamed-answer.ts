import { readEventStream } from './event-stream'

/** Events of one streamed answer the panel keeps; later ones are counted. */
export const MAX_SHOWN_EVENTS = 500

/** Where a streamed answer stands: running, ended by its `end` event, stopped by the panel, or cut (the connection ended without an `end`). */
export type StreamState = 'running' | 'ended' | 'stopped' | 'cut'

/** A streamed answer as the panel shows it while it runs. */
export interface StreamedAnswer {
  /** The first events, each with its time in ms from the moment the request was sent. */
  events: { at: number, data: unknown }[]
  /** Events received in all, those not kept included. */
  count: number
  state: StreamState
}

/** What reading a streamed answer gives: its events, and the `end` event's envelope (null until it came). */
export interface StreamReading {
  stream: StreamedAnswer
  envelope: unknown
}

/**
 * True for a `text/event-stream` content type: the answer of a streaming action.
 * @example
 * isEventStream(response.headers.get('content-type'))
 */
export function isEventStream(contentType: string | null): boolean {
  return contentType !== null && /^\s*text\/event-stream\b/i.test(contentType)
}

/**
 * Reads a streaming action's answer as it comes: each message is one event (its JSON data), the `end`
 * event carries the envelope. `onUpdate` gets a fresh copy after each, for a view to show; the answer
 * is stopped when `signal` aborts (state `stopped`), and `cut` when the body ends without an `end`.
 * @example
 * const { stream, envelope } = await readStreamedAnswer(response.body!, performance.now(), { onUpdate: show })
 */
export async function readStreamedAnswer(body: ReadableStream<Uint8Array>, started: number, options: { signal?: AbortSignal, onUpdate?: (reading: StreamReading) => void } = {}): Promise<StreamReading> {
  const stream: StreamedAnswer = { events: [], count: 0, state: 'running' }
  let envelope: unknown = null
  const copy = (): StreamReading => ({ stream: { ...stream, events: stream.events.slice() }, envelope })
  options.onUpdate?.(copy())
  try {
    await readEventStream(body, (event) => {
      if (event.event === 'end') {
        envelope = parseJson(event.data)
        stream.state = 'ended'
      }
      else if (event.event === 'message') {
        stream.count++
        if (stream.events.length < MAX_SHOWN_EVENTS) stream.events.push({ at: Math.round((performance.now() - started) * 100) / 100, data: parseJson(event.data) })
      }
      else {
        return
      }
      options.onUpdate?.(copy())
    })
    if (stream.state === 'running') stream.state = 'cut'
  }
  catch (error) {
    if (!options.signal?.aborted) throw error
    stream.state = 'stopped'
  }
  return copy()
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  }
  catch {
    return text
  }
}
