import type { EventStreamSource } from './event-sink'

/** What the stream needs of Node's `ServerResponse` (written out: the runtime imports nothing of Node). */
export interface NodeResponseLike {
  write: (chunk: string) => boolean
  end: () => void
  on: (name: 'drain' | 'close', listener: () => void) => unknown
  off: (name: 'drain' | 'close', listener: () => void) => unknown
  readonly destroyed: boolean
  readonly writableFinished: boolean
}

/**
 * Writes an event stream straight into Node's response: the next event is
 * pulled only when `write()` said the socket took the last one, or on
 * `'drain'`; a response closed before its end cancels the stream.
 * Resolves when the stream has ended either way.
 * @example
 * res.writeHead(200, SSE_HEADERS)
 * await writeEventStreamToNode(res, source)
 */
export function writeEventStreamToNode(res: NodeResponseLike, source: EventStreamSource): Promise<void> {
  let waiting: (() => void) | undefined
  const release = () => {
    const resolve = waiting
    waiting = undefined
    resolve?.()
  }
  const closed = () => {
    if (!res.writableFinished) source.cancel()
    release()
  }
  res.on('drain', release)
  res.on('close', closed)
  // a client that left before the answer started: its `close` has already been
  if (res.destroyed) closed()
  return source.run({
    write: chunk => !res.destroyed && res.write(chunk),
    drained: () => res.destroyed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          waiting = resolve
        }),
    end: () => {
      if (!res.destroyed) res.end()
    },
  }).finally(() => {
    res.off('drain', release)
    res.off('close', closed)
  })
}
