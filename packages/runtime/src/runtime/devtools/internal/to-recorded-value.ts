import { REDACTED } from './redact-headers'

/** How much of a value the recorder keeps. */
export interface RecordedValueOptions {
  /** True for a field name whose value must not be stored. */
  redact: (name: string) => boolean
  /** Objects and arrays nested deeper than this are cut. Default 32. */
  maxDepth?: number
  /** Rough budget of JSON characters for the whole copy. Default 64 KiB. */
  maxChars?: number
  /** Items of one array, or keys of one object, kept at most. Default 500. */
  maxEntries?: number
}

/** A copy the recorder can store, list and stream, and whether anything was cut. */
export interface RecordedValue {
  value: unknown
  truncated: boolean
}

interface CopyState {
  readonly redact: (name: string) => boolean
  readonly maxDepth: number
  readonly maxEntries: number
  remaining: number
  truncated: boolean
  readonly ancestors: Set<object>
}

/**
 * A bounded, JSON-safe copy of a recorded value, sensitive fields replaced
 * by `[redacted]` at any depth. Whatever comes in (100,000 levels, megabytes,
 * files, BigInt, cycles, hostile getters), the copy serialises and stays small;
 * the original is never touched.
 * @example
 * toRecordedValue({ email: 'a@b.c', password: 'x' }, { redact: name => name === 'password' })
 * // { value: { email: 'a@b.c', password: '[redacted]' }, truncated: false }
 */
export function toRecordedValue(value: unknown, options: RecordedValueOptions): RecordedValue {
  const state: CopyState = {
    redact: options.redact,
    maxDepth: options.maxDepth ?? 32,
    maxEntries: options.maxEntries ?? 500,
    remaining: options.maxChars ?? 64 * 1024,
    truncated: false,
    ancestors: new Set(),
  }
  const copy = copyValue(value, 0, state)
  return { value: copy === undefined ? null : copy, truncated: state.truncated }
}

function cut(state: CopyState, placeholder: string): string {
  state.truncated = true
  return placeholder
}

function copyValue(value: unknown, depth: number, state: CopyState): unknown {
  switch (typeof value) {
    case 'string': return copyString(value, state)
    case 'number':
      state.remaining -= 8
      return Number.isFinite(value) ? value : String(value)
    case 'boolean':
      state.remaining -= 5
      return value
    case 'bigint': return copyString(`${value}n`, state)
    case 'symbol': return copyString(value.toString(), state)
    case 'function': return `[function ${value.name || 'anonymous'}]`
    case 'undefined': return undefined
  }
  if (value === null) {
    state.remaining -= 4
    return null
  }
  return copyObject(value as object, depth, state)
}

function copyString(text: string, state: CopyState): string {
  const room = Math.max(0, state.remaining)
  state.remaining -= Math.min(text.length, room) + 2
  if (text.length <= room) return text
  return cut(state, `${text.slice(0, room)}… [${text.length - room} more characters]`)
}

function copyObject(value: object, depth: number, state: CopyState): unknown {
  if (state.remaining <= 0) return cut(state, '[truncated]')
  if (depth >= state.maxDepth) return cut(state, `[truncated: deeper than ${state.maxDepth} levels]`)
  if (state.ancestors.has(value)) return '[circular]'
  const described = describeSpecialObject(value)
  if (described !== undefined) return copyString(described, state)
  state.ancestors.add(value)
  try {
    return Array.isArray(value) ? copyArray(value, depth, state) : copyRecord(value as Record<string, unknown>, depth, state)
  }
  finally {
    state.ancestors.delete(value)
  }
}

/** Values JSON would mangle or that hold bytes: described in words, never stored. */
function describeSpecialObject(value: object): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()
  if (typeof File !== 'undefined' && value instanceof File) return `[file ${value.name}: ${value.size} bytes${value.type ? `, ${value.type}` : ''}]`
  if (typeof Blob !== 'undefined' && value instanceof Blob) return `[blob: ${value.size} bytes${value.type ? `, ${value.type}` : ''}]`
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return `[binary: ${value.byteLength} bytes]`
  if (value instanceof Map) return `[Map: ${value.size} entries]`
  if (value instanceof Set) return `[Set: ${value.size} items]`
  if (value instanceof Promise) return '[Promise]'
  return undefined
}

function copyArray(value: readonly unknown[], depth: number, state: CopyState): unknown[] {
  const copy: unknown[] = []
  const kept = Math.min(value.length, state.maxEntries)
  for (let index = 0; index < kept; index++) {
    if (state.remaining <= 0) break
    const item = copyValue(readSafely(() => value[index]), depth + 1, state)
    copy.push(item === undefined ? null : item)
    state.remaining -= 1
  }
  if (copy.length < value.length) copy.push(cut(state, `[… ${value.length - copy.length} more items]`))
  return copy
}

function copyRecord(value: Record<string, unknown>, depth: number, state: CopyState): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  const keys = readSafely(() => Object.keys(value)) as string[] | typeof UNREADABLE
  if (keys === UNREADABLE) return copy
  let kept = 0
  for (const key of keys) {
    if (kept >= state.maxEntries || state.remaining <= 0) break
    kept++
    state.remaining -= key.length + 4
    const item = state.redact(key) ? REDACTED : copyValue(readSafely(() => value[key]), depth + 1, state)
    // defineProperty: a "__proto__" key from JSON stays a plain data key
    if (item !== undefined) Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true })
  }
  if (kept < keys.length) Object.defineProperty(copy, '…', { value: cut(state, `[${keys.length - kept} more keys]`), enumerable: true, writable: true, configurable: true })
  return copy
}

const UNREADABLE = '[unreadable]'

function readSafely(read: () => unknown): unknown {
  try {
    return read()
  }
  catch {
    return UNREADABLE
  }
}
