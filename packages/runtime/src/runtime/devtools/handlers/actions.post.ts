// Dev-only (Nitro 2): writes a new action through create-action's own library (templates, names, refusals).
import { defineEventHandler, getRequestHeader, getRequestWebStream, setResponseHeader, setResponseStatus } from 'h3'
import { options } from '#action-route/devtools-routes'
import { answerCreateAction } from '../internal/create-action-endpoint'

export default defineEventHandler(async (event) => {
  const { status, body } = await answerCreateAction(options.rootDir, {
    declaredLength: getRequestHeader(event, 'content-length') ?? null,
    body: getRequestWebStream(event) ?? null,
  })
  setResponseStatus(event, status)
  // a body refused unread: closing the connection is the only way not to read the rest
  if (status === 413) setResponseHeader(event, 'connection', 'close')
  return body
})
