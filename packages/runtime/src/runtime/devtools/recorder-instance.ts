import { options } from '#action-route/devtools-routes'
import { createRecorder } from './recorder'
import { keepRecordFile, readRecordFile } from './internal/record-file'

/** The one recorder of the dev server, shared by the recording plugin and the endpoints; it starts with the records an earlier Nitro of this dev server kept. */
export const recorder = createRecorder({
  maxRecords: options.maxRecords,
  redactHeaders: options.redactHeaders,
  redactFields: options.redactFields,
  restore: readRecordFile(options.recordsFile),
})

/** The file the records outlive a Nitro restart in (`<buildDir>/action-route/records.json`). */
export const recordFile = keepRecordFile(recorder, options.recordsFile)

/**
 * Names this Nitro: every stream event carries it as its SSE `id`, so a client reconnecting with
 * another `Last-Event-ID` knows Nitro restarted (its routes may have changed) and is told so.
 */
export const nitroInstanceId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
