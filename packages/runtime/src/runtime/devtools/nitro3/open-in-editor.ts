// Dev-only Nitro 3 endpoint (Nuxt 5): opens a file of the app in the developer's editor, for the panel's "Open in editor".
import { options } from '#action-route/devtools-routes'
import { drainWhenCancelled } from '../internal/drain-when-cancelled'
import { openInEditorResponse } from '../internal/open-in-editor-endpoint'

// Nuxt 5's dev proxy answers only once the upload has ended: a refused body is read to its end, and none of it kept
export default (event: { req: Request }) => openInEditorResponse(options.rootDir, { method: event.req.method, headers: event.req.headers, body: drainWhenCancelled(event.req.body) })
