// Child-process entry: the stream as a streaming defineAction from the runtime's h3 v1 entry, on h3 1.x.
import { createApp, createRouter, toNodeListener } from 'h3'
import { defineAction } from '../../../packages/runtime/src/runtime/server/index'
import { serveStreams } from '../serve-streams'
import { streamPath, streamQuery, tokenOf } from '../fixture'

serveStreams(toNodeListener(createApp().use(createRouter().get(streamPath, defineAction({
  input: streamQuery,
  async* handler({ input }) {
    const token = tokenOf(input.words)
    for (let i = 0; i < input.n; i++) yield { i, token }
  },
})))))
