const QUOTE = 0x22
const BACKSLASH = 0x5C
const OPEN_ARRAY = 0x5B
const CLOSE_ARRAY = 0x5D
const OPEN_OBJECT = 0x7B
const CLOSE_OBJECT = 0x7D

/**
 * Whether a JSON text nests arrays and objects deeper than `maxDepth` levels
 * (`[]` and `{}` are one level), read before it is parsed: a loop, not a
 * recursion, so 100,000 levels cost no stack, and strings are skipped with
 * the native `indexOf`. A text no longer than `maxDepth` cannot be deeper and
 * is not read. On malformed JSON the answer may be either; JSON.parse refuses
 * such a body anyway.
 * @example
 * isNestedDeeperThan('[[1]]', 1) // true
 * isNestedDeeperThan('{"a":"[[["}', 1) // false
 */
export function isNestedDeeperThan(text: string, maxDepth: number): boolean {
  const length = text.length
  if (length <= maxDepth) return false
  let depth = 0
  for (let at = 0; at < length; at++) {
    const unit = text.charCodeAt(at)
    if (unit === QUOTE) {
      at = endOfString(text, at)
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

/** The position of the quote that closes the string opened at `open`, or -1. */
function endOfString(text: string, open: number): number {
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
