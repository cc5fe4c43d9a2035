import { describe, expect, it } from 'vitest'
import { getQuery } from 'ufo'
import { queryOfPath } from '../../src/runtime/server/adapters/internal/query-of-path'

describe('queryOfPath (the h3 1 host\'s query)', () => {
  it('parses the query of a raw path exactly as h3 1\'s getQuery does (ufo\'s getQuery of the path)', () => {
    const paths = [
      '/todos', '/todos?', '/todos?page=2&size=10', '/todos?tag=a&tag=b&tag=c', '/todos?a=1&&b=&c', '/todos?=x&y==z',
      '/todos?name=Ada%20L%C3%B6we&plus=a+b', '/todos?%61=1&a%5B%5D=2', '/todos?page=1#frag?x=2', '/todos#frag?page=1',
      '/todos?__proto__=x&constructor=y&ok=1', 'http://example.test/todos?page=3', '/todos?bad=%E0%A4%A', '/todos?a=1?b=2',
    ]
    for (const path of paths) expect(queryOfPath(path), path).toEqual(getQuery(path))
  })

  it('drops prototype too, and keeps repeated keys as arrays', () => {
    expect(queryOfPath('/todos?tag=a&tag=b&prototype=x')).toEqual({ tag: ['a', 'b'] })
  })
})
