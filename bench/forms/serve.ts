// Child-process entry (bundled by forms/index.ts): one action with no schema and the default limits,
// answering how many keys its input has, so the answer costs the same whatever the body held; in front
// of it, the no-JS form path's Nitro 2 middleware, as a Nuxt app with `useActionForm` has it.
import { createApp, createRouter, toNodeListener } from 'h3'
import { defineAction } from '../../packages/runtime/src/runtime/server/index'
import formPost from '../../packages/runtime/src/runtime/form-post/nitro2'
import { serveOverIpc } from '../lib/serve-over-ipc'

serveOverIpc(toNodeListener(createApp().use(formPost).use(createRouter().post('/any', defineAction({
  handler: ({ input }) => Object.keys(input as object).length,
})))))
