import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { RequestRecord } from '@action-route/devtools/types'
import type { Recorder } from '../recorder'

/** The file holds what people typed into the app, redacted or not: its owner alone reads it. */
const OWNER_ONLY = 0o600

/** How long the file waits after a new record before it is written, so a burst of requests costs one write. */
const WRITE_DELAY_MS = 250

/** The recorder's file, kept in step with it. */
export interface RecordFile {
  /** Writes at once what is waiting (Nitro closing: a restart is coming). */
  flush: () => void
}

/**
 * The records kept in `file` by an earlier Nitro of this dev server, oldest first; an empty list
 * when there is no file or it is not a list of records (corrupt, half-written, another version).
 * A file an older version left readable by all is narrowed to its owner (0600) first.
 * @example
 * createRecorder({ maxRecords: 200, restore: readRecordFile('/app/.nuxt/action-route/records.json') })
 */
export function readRecordFile(file: string): RequestRecord[] {
  try {
    narrowToOwner(file)
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (!Array.isArray(parsed)) return []
    return parsed.filter(isRecord).sort((a, b) => a.id - b.id)
  }
  catch {
    return []
  }
}

/**
 * Keeps `file` in step with the recorder, so its records outlive a Nitro restart (adding a route
 * file restarts Nitro in `nuxi dev`): written a moment after new records, at once when the records
 * are cleared, and by `flush` when Nitro closes. The records are stored as the recorder holds them,
 * already bounded and redacted. A write that fails (read-only folder, full disk) is skipped: the
 * records then live in memory only, as before.
 * @example
 * const recordFile = keepRecordFile(recorder, '/app/.nuxt/action-route/records.json')
 * nitroApp.hooks.hook('close', () => recordFile.flush())
 */
export function keepRecordFile(recorder: Recorder, file: string): RecordFile {
  let timer: ReturnType<typeof setTimeout> | undefined
  const write = () => {
    clearTimeout(timer)
    timer = undefined
    writeAtomically(file, JSON.stringify(recorder.list()))
  }
  recorder.subscribe((message) => {
    if (message.type === 'clear') return write()
    if (message.type === 'record' && !timer) {
      timer = setTimeout(write, WRITE_DELAY_MS)
      timer.unref?.()
    }
  })
  return {
    flush() {
      if (timer) write()
    },
  }
}

/** A write that never leaves half a file behind: a temporary file, its owner's alone, renamed over the old one. */
function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
    writeFileSync(temporary, text, { mode: OWNER_ONLY })
    // a temporary file left by a crash keeps its old mode through writeFileSync
    chmodSync(temporary, OWNER_ONLY)
    renameSync(temporary, file)
  }
  catch {
    // the records stay in memory; the next write tries again
  }
}

function narrowToOwner(file: string): void {
  try {
    chmodSync(file, OWNER_ONLY)
  }
  catch {
    // no file yet, or not ours to change: reading it says the rest
  }
}

function isRecord(value: unknown): value is RequestRecord {
  if (!value || typeof value !== 'object') return false
  const record = value as Partial<RequestRecord>
  return typeof record.id === 'number' && Number.isFinite(record.id) && typeof record.method === 'string'
    && typeof record.path === 'string' && typeof record.url === 'string' && typeof record.status === 'number'
}
