// Child-process entry (bundled by forms/index.ts): one action with no schema and the default limits,
// answering how many keys its input has, so the answer costs the same whatever the body held.
import { createApp, createRouter, toNodeListener } from 'h3'
import { defineAction } from '../../packages/runtime/src/runtime/server/index'
import { serveOverIpc } from '../lib/serve-over-ipc'

serveOverIpc(toNodeListener(createApp().use(createRouter().post('/any', defineAction({
  handler: ({ input }) => Object.keys(input as object).length,
})))))
