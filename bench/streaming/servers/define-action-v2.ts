// Child-process entry: the stream as a streaming defineAction from the runtime's h3 v2 entry, on h3 2.x.
import { H3, toNodeHandler } from 'h3-v2'
import { defineAction } from '../../../packages/runtime/src/runtime/server/h3-v2'
import { serveStreams } from '../serve-streams'
import { streamPath, streamQuery, tokenOf } from '../fixture'

serveStreams(toNodeHandler(new H3().get(streamPath, defineAction({
  input: streamQuery,
  async* handler({ input }) {
    const token = tokenOf(input.words)
    for (let i = 0; i < input.n; i++) yield { i, token }
  },
}))))
