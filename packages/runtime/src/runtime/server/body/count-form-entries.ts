import { multipartBoundaryOf } from './internal/multipart-boundary'

// Counting a form's entries from its bytes, so that a form over the limits is refused before
// Response.formData() builds it. A native indexOf call costs tens of nanoseconds, so a body of nothing
// but `&` or `\r` bytes must not make one per byte: urlencoded bodies are read byte by byte, and the
// multipart search calls indexOf only after a stretch of bytes read one by one.

const AMPERSAND = 0x26
const QUESTION_MARK = 0x3F
const CR = 0x0D
const LF = 0x0A
const DASH = 0x2D
const SPACE = 0x20
const TAB = 0x09
const SEMICOLON = 0x3B
const EQUALS = 0x3D
const STAR = 0x2A
const FILENAME = [0x66, 0x69, 0x6C, 0x65, 0x6E, 0x61, 0x6D, 0x65] // `filename`, lower case

/**
 * The entries of a urlencoded body, counted as the runtime's parser counts
 * them: the non-empty pieces between `&`. Stops counting past `limit`.
 * @example
 * countUrlencodedFields(new TextEncoder().encode('a=1&&b=2'), 1000) // 2
 */
export function countUrlencodedFields(body: Uint8Array, limit: number): number {
  const length = body.length
  let count = 0
  // the parser reads the body as URLSearchParams reads a string: a leading `?` is dropped
  let pieceStart = body[0] === QUESTION_MARK ? 1 : 0
  for (let at = pieceStart; at < length; at++) {
    if (body[at] !== AMPERSAND) continue
    if (at > pieceStart && ++count > limit) return count
    pieceStart = at + 1
  }
  return length > pieceStart ? count + 1 : count
}

/** What a multipart body holds, counted from its bytes. */
export interface MultipartCount {
  /** Parts, files included. */
  fields: number
  /** Parts whose headers name a `filename`. */
  files: number
}

/**
 * The parts and files of a multipart body, counted from its delimiters
 * (`--boundary` at the start or after a line break, not followed by `--`):
 * never fewer than a parser finds, as it needs a delimiter per part. A part is
 * a file when its headers carry a `filename` parameter. Without a boundary in
 * the content type nothing is counted (no parser can read such a body).
 * Stops counting past `limit` parts.
 * @example
 * countMultipartEntries(body, 'multipart/form-data; boundary=XYZ', 1000) // { fields: 2, files: 1 }
 */
export function countMultipartEntries(body: Uint8Array, contentType: string, limit: number): MultipartCount {
  const count: MultipartCount = { fields: 0, files: 0 }
  const boundary = multipartBoundaryOf(contentType)
  if (boundary === undefined) return count
  // `\r\n--boundary`; the first delimiter may also open the body without its line break
  const delimiter = new TextEncoder().encode(`\r\n--${boundary}`)
  const opensBody = startsWith(body, delimiter, 0, 2)
  let at = opensBody ? 0 : indexOfBytes(body, delimiter, 0, body.length)
  let skip = opensBody ? delimiter.length - 2 : delimiter.length
  while (at !== -1 && count.fields <= limit) {
    const after = at + skip
    const next = indexOfBytes(body, delimiter, after, body.length)
    const isClose = body[after] === DASH && body[after + 1] === DASH
    if (!isClose) {
      count.fields++
      // the part's headers end at its blank line, looked for only up to the next delimiter
      if (headersNameAFile(body, after, next === -1 ? body.length : next)) count.files++
    }
    at = next
    skip = delimiter.length
  }
  return count
}

/** Whether the part headers from `start` to the blank line (or `partEnd`) carry a `filename` (or `filename*`) parameter. */
function headersNameAFile(body: Uint8Array, start: number, partEnd: number): boolean {
  let end = indexOfBytes(body, HEADERS_END, start, partEnd)
  if (end === -1) end = partEnd
  for (let at = start; at + FILENAME.length < end; at++) {
    if (!matchesFilename(body, at)) continue
    const before = body[at - 1]
    if (before !== SEMICOLON && before !== SPACE && before !== TAB) continue
    let next = at + FILENAME.length
    if (body[next] === STAR) next++
    while (body[next] === SPACE || body[next] === TAB) next++
    if (body[next] === EQUALS) return true
  }
  return false
}

const HEADERS_END = new Uint8Array([CR, LF, CR, LF])

function matchesFilename(body: Uint8Array, at: number): boolean {
  for (let index = 0; index < FILENAME.length; index++) {
    // ASCII letters only: OR-ing 0x20 lower-cases them
    if ((body[at + index]! | 0x20) !== FILENAME[index]) return false
  }
  return true
}

/** Whether `needle` from its byte `from` on lies in `body` at `at`. */
function startsWith(body: Uint8Array, needle: Uint8Array, at: number, from = 0): boolean {
  if (at + needle.length - from > body.length) return false
  for (let index = from; index < needle.length; index++) {
    if (body[at + index - from] !== needle[index]) return false
  }
  return true
}

/** Bytes read one by one before the search jumps ahead with a native indexOf. */
const STRETCH = 32

/**
 * The first position of `needle` in `body` between `from` and `to`, or -1.
 * Reads a stretch of bytes one by one, then jumps to the next candidate with
 * the native indexOf (fast across a file's content), so a body dense with
 * candidates makes at most one call per stretch. Past its first byte a
 * delimiter holds no `\r` (a header value cannot), so a long partial match is
 * never compared again from inside: the search stays linear.
 */
function indexOfBytes(body: Uint8Array, needle: Uint8Array, from: number, to: number): number {
  const first = needle[0]!
  const last = to - needle.length
  let at = from
  while (at <= last) {
    const stop = Math.min(last + 1, at + STRETCH)
    for (; at < stop; at++) {
      if (body[at] === first && startsWith(body, needle, at)) return at
    }
    if (at > last) break
    at = body.indexOf(first, at)
    if (at === -1) break
  }
  return -1
}
