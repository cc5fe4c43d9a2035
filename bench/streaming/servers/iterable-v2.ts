// Child-process entry: h3 2's iterable(), the same events as a generator the response pulls, each encoded as one SSE message.
import { H3, defineHandler, getQuery, iterable, toNodeHandler } from 'h3-v2'
import { failure, validate } from '../../http/fixture'
import { serveStreams } from '../serve-streams'
import { streamPath, streamQuery, tokenEvents, tokenOf } from '../fixture'

const encoder = new TextEncoder()

serveStreams(toNodeHandler(new H3().get(streamPath, defineHandler(async (event) => {
  const query = await validate(streamQuery, getQuery(event))
  if (query.issues) {
    event.res.status = 422
    return failure('VALIDATION_ERROR', 'Input validation failed', 422, query.issues)
  }
  event.res.headers.set('content-type', 'text/event-stream')
  event.res.headers.set('cache-control', 'no-cache')
  return iterable(tokenEvents(query.value.n, tokenOf(query.value.words)), { serializer: value => encoder.encode(`data: ${JSON.stringify(value)}\n\n`) })
}))))
