import type { RequestDraft } from './request-draft'

// escapes that read better than \uXXXX
const SHORT_ESCAPES: Record<string, string> = { '\\': '\\\\', '\'': '\\\'', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v' }

// what must not appear raw in pasted code: quotes and backslashes, control characters, `<` (so `</script>` cannot end an
// SFC or HTML script block), line and paragraph separators, invisible and bidirectional formatting characters (which
// make code read differently from what it does), and lone surrogates (which the clipboard cannot carry)
// eslint-disable-next-line no-control-regex -- control characters are what this escapes
const UNSAFE_CHARACTERS = /[\\'\0-\x1F\x7F-\x9F<\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

const PLAIN_KEY = /^[A-Z_$][\w$]*$/i

/**
 * A JavaScript string literal, single-quoted, that evaluates to exactly
 * `text`, and is safe to paste anywhere code goes: no raw newline, quote,
 * `<`, line separator or invisible formatting character survives.
 * @example
 * toJsString("it's </script>") // the text 'it\'s \u003C/script>'
 */
export function toJsString(text: string): string {
  return `'${text.replace(UNSAFE_CHARACTERS, char => SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)}'`
}

function toPropertyKey(key: string): string {
  // `__proto__: x` in a literal sets the prototype; a computed key makes it an own property like JSON.parse does
  if (key === '__proto__') return `[${toJsString(key)}]`
  return PLAIN_KEY.test(key) ? key : toJsString(key)
}

/**
 * Writes a string or number leaf some other way (a comment beside it, a matcher instead of it), given the key it sits
 * under (undefined in an array or at the root); undefined keeps the literal.
 */
export type LeafWriter = (value: string | number, key: string | undefined) => string | undefined

function formatJsonValue(value: unknown, indent: number, writeLeaf?: LeafWriter, key?: string): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return writeLeaf?.(value, key) ?? toJsString(value)
  if (typeof value === 'number') return writeLeaf?.(value, key) ?? (Object.is(value, -0) ? '-0' : String(value))
  if (typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(item => formatJsonValue(item, indent, writeLeaf)).join(', ')}]`
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 0) return '{}'
  const pad = '  '.repeat(indent + 1)
  const body = entries.map(([name, inner]) => `${pad}${toPropertyKey(name)}: ${formatJsonValue(inner, indent + 1, writeLeaf, name)},`)
  return `{\n${body.join('\n')}\n${'  '.repeat(indent)}}`
}

/**
 * A JavaScript expression built only of literals (strings, numbers,
 * booleans, null, arrays, objects) that evaluates to what the request
 * sends: the value after a JSON round trip, as the request body has it.
 * Keys and strings are escaped with `toJsString` (or written by `writeLeaf`), so recorded data cannot
 * turn into code on the developer's clipboard.
 * @example
 * toJsLiteral({ "a', evil: 1, b: '": 1 })
 * // {
 * //   'a\', evil: 1, b: \'': 1,
 * // }
 */
export function toJsLiteral(value: unknown, indent = 0, writeLeaf?: LeafWriter): string {
  let json: string | undefined
  try {
    json = JSON.stringify(value)
  }
  catch {
    json = undefined
  }
  return json === undefined ? 'undefined' : formatJsonValue(JSON.parse(json), indent, writeLeaf)
}

/**
 * The draft as a `$action(...)` call for app code. Every recorded value and
 * key is written as an escaped literal: pasting it runs nothing but the call.
 * @example
 * toActionCode({ method: 'PATCH', route: '/api/todos/:id', params: { id: '7' }, input: { done: true }, headers: {} })
 * // const result = await $action('/api/todos/:id', { method: 'PATCH', params: { id: '7' }, input: { done: true } }), over several lines
 */
export function toActionCode(draft: RequestDraft): string {
  const options: Record<string, unknown> = { method: draft.method }
  if (Object.keys(draft.params).length > 0) options.params = draft.params
  const input = draft.input
  if (typeof input === 'object' && input !== null && !Array.isArray(input) ? Object.keys(input).length > 0 : input !== undefined) options.input = input
  if (Object.keys(draft.headers).length > 0) options.headers = draft.headers
  return `const result = await $action(${toJsString(draft.route)}, ${toJsLiteral(options)})`
}
