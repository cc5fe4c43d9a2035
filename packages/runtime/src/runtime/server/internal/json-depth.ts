const QUOTE = 0x22
const BACKSLASH = 0x5C
const OPEN_ARRAY = 0x5B
const CLOSE_ARRAY = 0x5D
const OPEN_OBJECT = 0x7B
const CLOSE_OBJECT = 0x7D

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth` levels
 * (`[]` and `{}` are one level), read from the text before it is parsed: a
 * loop, not a recursion, so 100,000 levels cost no stack. Text no longer than
 * `maxDepth` cannot be deeper and is not scanned; strings are skipped with the
 * native `indexOf`. On malformed text the answer may be either; JSON.parse
 * refuses such text anyway.
 * @example
 * isNestedDeeperThan('[[1]]', 1) // true
 * isNestedDeeperThan('{"a":"[[["}', 1) // false
 */
export function isNestedDeeperThan(text: string, maxDepth: number): boolean {
  if (text.length <= maxDepth) return false
  let depth = 0
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > maxDepth) return true
    }
    else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--
    }
    else if (code === QUOTE) {
      at = endOfString(text, at)
      if (at === -1) return false
    }
  }
  return false
}

/** The position of the quote that closes the string opened at `open`, or -1. */
function endOfString(text: string, open: number): number {
  let at = text.indexOf('"', open + 1)
  while (at !== -1) {
    // a quote after an odd number of backslashes is escaped
    let backslashes = 0
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return at
    at = text.indexOf('"', at + 1)
  }
  return -1
}
