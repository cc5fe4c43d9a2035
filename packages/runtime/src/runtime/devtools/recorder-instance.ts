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

/** Where the newest Nitro of this process leaves the way to end the streams of the one before it. */
const SUPERSEDE = Symbol.for('action-route.devtools.supersede-streams')
type SupersedeHolder = { [SUPERSEDE]?: () => void }
const openStreams = new Set<() => void>()
// Nuxt 5's dev server reloads Nitro in the same process: the old Nitro's streams would stay open and
// silent, so the newest one ends them and the panel reconnects here (and is told routes-changed)
;(globalThis as SupersedeHolder)[SUPERSEDE]?.()
;(globalThis as SupersedeHolder)[SUPERSEDE] = () => {
  for (const end of openStreams) end()
}

/**
 * Ends `end`'s stream when a newer Nitro starts in this process; returns the call that forgets it.
 * @example
 * const forget = endWhenSuperseded(() => stream.close())
 */
export function endWhenSuperseded(end: () => void): () => void {
  openStreams.add(end)
  return () => openStreams.delete(end)
}
