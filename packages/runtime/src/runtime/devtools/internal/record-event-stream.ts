import { endWhenSuperseded, nitroInstanceId, recorder } from '../recorder-instance'

const KEEP_ALIVE_MS = 15_000

/**
 * The recorder's live feed as a server-sent events `Response` on web standards: each new
 * record, a ping at once (so the headers leave now and the panel knows it is connected)
 * and every 15 s; the subscription ends when the client goes away and the body is cancelled,
 * or when a newer Nitro starts in this process (the panel then reconnects to it).
 * Every event carries this Nitro's id as its SSE `id`: a client reconnecting with another
 * `lastEventId` (Nitro restarted since) gets `routes-changed` first, so it reloads the registry.
 * @example
 * export default (event: { req: Request }) => recordEventStream(event.req.headers.get('last-event-id'))
 */
export function recordEventStream(lastEventId?: string | null): Response {
  const encoder = new TextEncoder()
  let stop = () => {}
  let forget = () => {}
  let keepAlive: ReturnType<typeof setInterval> | undefined
  const end = () => {
    clearInterval(keepAlive)
    stop()
    forget()
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: string, data: string) => {
        try {
          controller.enqueue(encoder.encode(`id: ${nitroInstanceId}\nevent: ${event}\ndata: ${data}\n\n`))
        }
        catch {
          end()
        }
      }
      stop = recorder.subscribe(message => send(message.type, JSON.stringify(message)))
      forget = endWhenSuperseded(() => {
        end()
        try {
          controller.close()
        }
        catch {
          // already closed
        }
      })
      keepAlive = setInterval(() => send('ping', ''), KEEP_ALIVE_MS)
      send('ping', '')
      if (lastEventId && lastEventId !== nitroInstanceId) send('routes-changed', JSON.stringify({ type: 'routes-changed' }))
    },
    cancel: end,
  })
  return new Response(body, {
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' },
  })
}
