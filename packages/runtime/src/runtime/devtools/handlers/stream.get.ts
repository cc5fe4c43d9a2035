// Dev-only: pushes each new record to the panel as a server-sent event. Every event carries this Nitro's
// id; a client reconnecting with another Last-Event-ID (Nitro restarted) is told `routes-changed` first.
import { createEventStream, defineEventHandler, getRequestHeader } from 'h3'
import { endWhenSuperseded, nitroInstanceId, recorder } from '../recorder-instance'

const KEEP_ALIVE_MS = 15_000

export default defineEventHandler((event) => {
  const stream = createEventStream(event)
  const send = (type: string, data: string) => void stream.push({ id: nitroInstanceId, event: type, data })
  const stop = recorder.subscribe(message => send(message.type, JSON.stringify(message)))
  const keepAlive = setInterval(() => send('ping', ''), KEEP_ALIVE_MS)
  const forget = endWhenSuperseded(() => void stream.close())
  stream.onClosed(async () => {
    clearInterval(keepAlive)
    stop()
    forget()
    await stream.close()
  })
  // a first event at once, so the headers leave now and the panel knows it is connected
  send('ping', '')
  const lastEventId = getRequestHeader(event, 'last-event-id')
  if (lastEventId && lastEventId !== nitroInstanceId) send('routes-changed', JSON.stringify({ type: 'routes-changed' }))
  return stream.send()
})
