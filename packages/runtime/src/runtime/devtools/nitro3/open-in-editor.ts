// Dev-only Nitro 3 endpoint (Nuxt 5): opens a file of the app in the developer's editor, for the panel's "Open in editor".
import { options } from '#action-route/devtools-routes'
import { openInEditorResponse } from '../internal/open-in-editor-endpoint'

export default (event: { req: Request }) => openInEditorResponse(options.rootDir, event.req)
