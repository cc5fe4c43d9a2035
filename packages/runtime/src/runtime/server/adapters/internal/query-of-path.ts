import { parseQuery } from 'ufo'

/**
 * The query of a request path, parsed as h3 1's `getQuery` parses it (by
 * ufo's `parseQuery`: repeated keys become arrays, `__proto__` and
 * `constructor` are dropped; `prototype` is dropped here) without first
 * taking the whole URL apart: the query is what lies between the first `?`
 * and a `#`.
 * @example
 * queryOfPath('/todos?tag=a&tag=b&prototype=x') // { tag: ['a', 'b'] }
 */
export function queryOfPath(path: string): Record<string, unknown> {
  const start = path.indexOf('?')
  if (start === -1) return {}
  const hash = path.indexOf('#')
  if (hash !== -1 && hash < start) return {}
  const query = parseQuery(hash === -1 ? path.slice(start) : path.slice(start, hash))
  if (query.prototype !== undefined) delete query.prototype
  return query
}
