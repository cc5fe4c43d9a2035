import { options } from '#action-route/devtools-routes'
import { createRecorder } from './recorder'

/** The one recorder of the dev server, shared by the recording plugin and the endpoints. */
export const recorder = createRecorder({ maxRecords: options.maxRecords, redactHeaders: options.redactHeaders, redactFields: options.redactFields })
