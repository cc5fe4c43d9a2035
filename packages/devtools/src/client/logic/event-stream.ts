/** One server-sent event: its name (`message` when the server gave none), its data, and the last event id the server set. */
export interface StreamEvent {
  event: string
  data: string
  id?: string
}

/**
 * A parser of the `text/event-stream` format that takes text in chunks of any
 * size and calls `onEvent` for each complete event. The panel reads the stream
 * with fetch, because EventSource cannot send the auth header.
 * @example
 * const parser = createEventStreamParser(event => console.log(event.event, event.data))
 * parser.push('event: record\ndata: {}\n\n')
 */
export function createEventStreamParser(onEvent: (event: StreamEvent) => void): { push: (chunk: string) => void } {
  let pending = ''
  let name = ''
  let data: string[] = []
  // the last event id stays until the server sets another, as EventSource keeps it
  let id: string | undefined
  const readLine = (line: string) => {
    if (line === '') {
      if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n'), ...(id !== undefined && { id }) })
      name = ''
      data = []
      return
    }
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') name = value
    else if (field === 'data') data.push(value)
    else if (field === 'id' && !value.includes('\0')) id = value
  }
  return {
    push(chunk) {
      pending += chunk
      // a trailing CR may be the first half of a CRLF: keep it until the next chunk says
      const lines = pending.split(/\r\n|\r(?!$)|\n/)
      pending = lines.pop()!
      for (const line of lines) readLine(line)
    },
  }
}

/**
 * Reads a fetch response body as server-sent events until it ends or `signal` aborts.
 * @example
 * const response = await fetch('/__action-route/api/stream', { headers })
 * await readEventStream(response.body!, event => console.log(event))
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: StreamEvent) => void): Promise<void> {
  const parser = createEventStreamParser(onEvent)
  const reader = body.getReader()
  const decoder = new TextDecoder()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parser.push(decoder.decode(value, { stream: true }))
    }
    parser.push(decoder.decode())
  }
  finally {
    reader.releaseLock()
  }
}
