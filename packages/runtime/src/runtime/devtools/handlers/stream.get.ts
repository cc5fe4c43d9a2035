// Dev-only: pushes each new record to the panel as a server-sent event.
import { createEventStream, defineEventHandler } from 'h3'
import { recorder } from '../recorder-instance'

const KEEP_ALIVE_MS = 15_000

export default defineEventHandler((event) => {
  const stream = createEventStream(event)
  const stop = recorder.subscribe((message) => {
    void stream.push({ event: message.type, data: JSON.stringify(message) })
  })
  const keepAlive = setInterval(() => void stream.push({ event: 'ping', data: '' }), KEEP_ALIVE_MS)
  stream.onClosed(async () => {
    clearInterval(keepAlive)
    stop()
    await stream.close()
  })
  // a first event at once, so the headers leave now and the panel knows it is connected
  void stream.push({ event: 'ping', data: '' })
  return stream.send()
})
