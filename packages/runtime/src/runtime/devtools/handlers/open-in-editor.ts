// Dev-only (Nitro 2): opens a file of the app in the developer's editor, for the panel's "Open in editor".
import { defineEventHandler } from 'h3'
import { options } from '#action-route/devtools-routes'
import { nodeBodyStream } from '../internal/node-body-stream'
import { openInEditorResponse } from '../internal/open-in-editor-endpoint'

export default defineEventHandler(event => openInEditorResponse(options.rootDir, { method: event.method, headers: event.headers, body: nodeBodyStream(event.node.req) }))
