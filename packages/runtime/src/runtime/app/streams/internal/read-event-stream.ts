/** One server-sent message: its `event:` field (`message` when it has none) and its `data:` lines joined. */
export interface EventStreamMessage {
  event: string
  data: string
}

const LINE_END = /\r\n|\r|\n/g

/**
 * Reads a `text/event-stream` body message by message, as the HTML
 * standard parses one: lines end with CRLF, LF or CR (a chunk may end
 * anywhere, even inside a character or between CR and LF), a line starting
 * with `:` is a comment (a heartbeat), an empty line sends the message.
 * The body is read only as messages are asked for; leaving the loop
 * cancels it.
 * @example
 * for await (const message of readEventStream(response.body!)) console.log(message.event, message.data)
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<EventStreamMessage, void, undefined> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let event = ''
  let data: string[] = []
  let ended = false
  // a message the body ends inside of (no empty line after it) is dropped, as the standard says
  try {
    while (!ended) {
      const chunk = await reader.read()
      ended = chunk.done
      buffer += ended ? decoder.decode() : decoder.decode(chunk.value, { stream: true })
      let start = 0
      for (const match of buffer.matchAll(LINE_END)) {
        // a CR that ends the chunk may be the first half of a CRLF: wait for the next chunk
        if (match[0] === '\r' && match.index === buffer.length - 1 && !ended) break
        const line = buffer.slice(start, match.index)
        start = match.index + match[0].length
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n') }
          event = ''
          data = []
          continue
        }
        if (line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon === -1 ? line : line.slice(0, colon)
        const value = colon === -1 ? '' : line.slice(line[colon + 1] === ' ' ? colon + 2 : colon + 1)
        if (field === 'data') data.push(value)
        else if (field === 'event') event = value
      }
      buffer = buffer.slice(start)
    }
  }
  finally {
    // left early (a break, a read error): nothing more is read
    if (!ended) await reader.cancel().catch(() => {})
    reader.releaseLock()
  }
}
