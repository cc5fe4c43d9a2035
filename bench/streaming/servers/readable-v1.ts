// Child-process entry: h3 1.x's sendStream over a Node Readable of the same events as SSE lines: piped, so it
// waits for the connection to drain, which h3 1's createEventStream and sendIterable do not.
import { Readable } from 'node:stream'
import { createApp, createRouter, defineEventHandler, getQuery, sendStream, setResponseHeaders, setResponseStatus, toNodeListener } from 'h3'
import { failure, validate } from '../../http/fixture'
import { serveStreams } from '../serve-streams'
import { streamPath, streamQuery, tokenEvents, tokenOf } from '../fixture'

async function* eventLines(n: number, token: string) {
  for await (const value of tokenEvents(n, token)) yield `data: ${JSON.stringify(value)}\n\n`
}

serveStreams(toNodeListener(createApp().use(createRouter().get(streamPath, defineEventHandler(async (event) => {
  const query = await validate(streamQuery, getQuery(event))
  if (query.issues) {
    setResponseStatus(event, 422)
    return failure('VALIDATION_ERROR', 'Input validation failed', 422, query.issues)
  }
  setResponseHeaders(event, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  return sendStream(event, Readable.from(eventLines(query.value.n, tokenOf(query.value.words))))
})))))
