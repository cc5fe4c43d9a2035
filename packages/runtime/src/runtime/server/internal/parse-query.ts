import { isUnsafeKey } from './safe-json'

/**
 * A query key or value as ufo decodes it: `+` is a space, then a URI escape
 * is decoded; text that is not a valid escape is kept as it is. Text with
 * neither `+` nor `%` is returned untouched, since there is nothing to decode.
 */
function decodeQueryPart(text: string): string {
  if (text.includes('+')) text = text.replaceAll('+', ' ')
  if (!text.includes('%')) return text
  try {
    return decodeURIComponent(text)
  }
  catch {
    return text
  }
}

/**
 * A query string (with or without its leading `?`) to an object of no
 * prototype, by the rules of ufo's `parseQuery`, which h3 v1's `getQuery`
 * uses: pairs split on `&`, the key ends at the first `=` (leading `=` are
 * skipped), repeated keys become arrays, `__proto__`, `constructor` and
 * `prototype` are dropped. It decodes only the parts that hold an escape or
 * a `+`, where ufo runs a regular expression and `decodeURIComponent` on each.
 * @example
 * parseQuery('?tag=a&tag=b&page=2') // { tag: ['a', 'b'], page: '2' }
 */
export function parseQuery(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null)
  for (const pair of (query.startsWith('?') ? query.slice(1) : query).split('&')) {
    let keyStart = 0
    while (pair[keyStart] === '=') keyStart++
    if (keyStart === pair.length) continue
    const equals = pair.indexOf('=', keyStart)
    const key = decodeQueryPart(equals === -1 ? pair.slice(keyStart) : pair.slice(keyStart, equals))
    if (isUnsafeKey(key)) continue
    const value = equals === -1 ? '' : decodeQueryPart(pair.slice(equals + 1))
    const existing = result[key]
    if (existing === undefined) result[key] = value
    else if (Array.isArray(existing)) existing.push(value)
    else result[key] = [existing, value]
  }
  return result
}
