// Dev-only (Nitro 2): writes a new action through create-action's own library (templates, names, refusals).
import { defineEventHandler, getRequestHeader, setResponseStatus } from 'h3'
import { options } from '#action-route/devtools-routes'
import { answerCreateAction } from '../internal/create-action-endpoint'
import { nodeBodyStream } from '../internal/node-body-stream'

export default defineEventHandler(async (event) => {
  const { status, body } = await answerCreateAction(options.rootDir, {
    declaredLength: getRequestHeader(event, 'content-length') ?? null,
    body: nodeBodyStream(event.node.req),
  })
  setResponseStatus(event, status)
  return body
})
