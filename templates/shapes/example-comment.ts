import type { RouteMethod } from '../types'

const inlineLimit = 100
const lineLimit = 30

// JSON leaves U+2028 and U+2029 as they are, and JavaScript ends a // comment at them
function safeJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

function queryString(example: Record<string, unknown>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(example)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item))
  }
  const text = search.toString()
  return text ? `?${text}` : '(none)'
}

/**
 * The comment lines above an input inferred from examples: what the input is,
 * and the first example (as a query string for GET and HEAD). Each line is
 * the comment's text, without `// `.
 * @example
 * exampleComment('post', [{ title: 'x' }]) // ['the JSON body, for example: {"title":"x"}']
 */
export function exampleComment(method: RouteMethod, examples: readonly unknown[]): string[] {
  const source = examples.length > 1 ? ` (inferred from ${examples.length} examples)` : ' (inferred from this example)'
  if (method === 'get' || method === 'head') {
    return [`the query string, values arriving as strings${source}: ${queryString(examples[0] as Record<string, unknown>)}`]
  }
  const compact = safeJson(examples[0])
  if (compact.length <= inlineLimit) return [`the JSON body${source}: ${compact}`]
  return [`the JSON body${source}:`, ...entryLines(examples[0] as object)]
}

// one line per key (or item), each compact: long enough to read, short enough to skim
function entryLines(value: object): string[] {
  const entries = Array.isArray(value)
    ? value.map(item => safeJson(item))
    : Object.entries(value).map(([key, item]) => `${safeJson(key)}: ${safeJson(item)}`)
  const lines = entries.slice(0, lineLimit).map((entry, index) => `  ${entry}${index < entries.length - 1 ? ',' : ''}`)
  if (entries.length > lineLimit) lines.push('  ...')
  return Array.isArray(value) ? ['[', ...lines, ']'] : ['{', ...lines, '}']
}
