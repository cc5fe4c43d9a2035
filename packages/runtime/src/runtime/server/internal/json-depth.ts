const QUOTE = 0x22
const BACKSLASH = 0x5C
const OPEN_ARRAY = 0x5B
const CLOSE_ARRAY = 0x5D
const OPEN_OBJECT = 0x7B
const CLOSE_OBJECT = 0x7D
/** Bytes of a string read one by one before jumping to its end with the native `indexOf`. */
const SHORT_STRING = 64

/**
 * Whether a JSON body nests arrays and objects deeper than `maxDepth` levels
 * (`[]` and `{}` are one level), read from its UTF-8 bytes before it is
 * decoded or parsed: a loop, not a recursion, so 100,000 levels cost no stack.
 * A body no longer than `maxDepth` cannot be deeper and is not read. Bytes
 * are read rather than the decoded text (UTF-8 never puts these ASCII bytes
 * inside a multi-byte character): indexing a byte array costs a third of
 * `charCodeAt`. On malformed JSON the answer may be either; JSON.parse
 * refuses such a body anyway.
 * @example
 * isNestedDeeperThan(new TextEncoder().encode('[[1]]'), 1) // true
 * isNestedDeeperThan(new TextEncoder().encode('{"a":"[[["}'), 1) // false
 */
export function isNestedDeeperThan(body: Uint8Array, maxDepth: number): boolean {
  const length = body.length
  if (length <= maxDepth) return false
  let depth = 0
  for (let at = 0; at < length; at++) {
    const byte = body[at]
    if (byte === QUOTE) {
      at = endOfString(body, at)
      if (at === -1) return false
    }
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > maxDepth) return true
    }
    else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--
    }
  }
  return false
}

/**
 * The position of the quote that closes the string opened at `open`, or -1.
 * A short string is read byte by byte (cheaper than a native call); past
 * that, the search jumps from quote to quote.
 */
function endOfString(body: Uint8Array, open: number): number {
  const length = body.length
  const stepwiseEnd = Math.min(length, open + SHORT_STRING)
  let at = open + 1
  for (; at < stepwiseEnd; at++) {
    const byte = body[at]
    if (byte === BACKSLASH) at++
    else if (byte === QUOTE) return at
  }
  // from `at` on no escape is pending: a quote is escaped when an odd run of backslashes since then precedes it
  let quote = body.indexOf(QUOTE, at)
  while (quote !== -1) {
    let backslashes = 0
    while (quote - 1 - backslashes >= at && body[quote - 1 - backslashes] === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return quote
    at = quote + 1
    quote = body.indexOf(QUOTE, at)
  }
  return -1
}

/**
 * `isNestedDeeperThan` for a body the host gave as text: the same walk over
 * UTF-16 code units (the brackets, quotes and backslashes are single units).
 * @example
 * isTextNestedDeeperThan('[[1]]', 1) // true
 */
export function isTextNestedDeeperThan(text: string, maxDepth: number): boolean {
  const length = text.length
  if (length <= maxDepth) return false
  let depth = 0
  for (let at = 0; at < length; at++) {
    const unit = text.charCodeAt(at)
    if (unit === QUOTE) {
      at = endOfTextString(text, at)
      if (at === -1) return false
    }
    else if (unit === OPEN_ARRAY || unit === OPEN_OBJECT) {
      if (++depth > maxDepth) return true
    }
    else if (unit === CLOSE_ARRAY || unit === CLOSE_OBJECT) {
      depth--
    }
  }
  return false
}

/** `endOfString` over text: the quote closing the string opened at `open`, or -1. */
function endOfTextString(text: string, open: number): number {
  let at = open + 1
  let quote = text.indexOf('"', at)
  while (quote !== -1) {
    let backslashes = 0
    while (quote - 1 - backslashes >= at && text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return quote
    at = quote + 1
    quote = text.indexOf('"', at)
  }
  return -1
}
