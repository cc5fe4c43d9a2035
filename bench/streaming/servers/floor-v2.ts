// Child-process entry: the floor on h3 2.x, floor-v1.ts's handler with h3 2's createEventStream.
import { H3, createEventStream, defineHandler, getQuery, toNodeHandler } from 'h3-v2'
import { failure, validate } from '../../http/fixture'
import { serveStreams } from '../serve-streams'
import { streamPath, streamQuery, tokenEvents, tokenOf } from '../fixture'

serveStreams(toNodeHandler(new H3().get(streamPath, defineHandler(async (event) => {
  const query = await validate(streamQuery, getQuery(event))
  if (query.issues) {
    event.res.status = 422
    return failure('VALIDATION_ERROR', 'Input validation failed', 422, query.issues)
  }
  const eventStream = createEventStream(event)
  const push = async () => {
    for await (const value of tokenEvents(query.value.n, tokenOf(query.value.words))) await eventStream.push(JSON.stringify(value))
    await eventStream.close()
  }
  push()
  return eventStream.send()
}))))
