// Child-process entry: the floor on h3 1.x, a hand-written handler streaming with h3's createEventStream.
import { createApp, createEventStream, createRouter, defineEventHandler, getQuery, setResponseStatus, toNodeListener } from 'h3'
import { failure, validate } from '../../http/fixture'
import { serveStreams } from '../serve-streams'
import { streamPath, streamQuery, tokenEvents, tokenOf } from '../fixture'

serveStreams(toNodeListener(createApp().use(createRouter().get(streamPath, defineEventHandler(async (event) => {
  const query = await validate(streamQuery, getQuery(event))
  if (query.issues) {
    setResponseStatus(event, 422)
    return failure('VALIDATION_ERROR', 'Input validation failed', 422, query.issues)
  }
  const eventStream = createEventStream(event)
  const push = async () => {
    for await (const value of tokenEvents(query.value.n, tokenOf(query.value.words))) await eventStream.push(JSON.stringify(value))
    await eventStream.close()
  }
  push()
  return eventStream.send()
})))))
