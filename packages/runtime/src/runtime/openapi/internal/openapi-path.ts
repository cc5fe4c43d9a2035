/** A Nitro route as an OpenAPI path, with its params and which of them take several segments. */
export interface OpenApiPath {
  path: string
  params: { name: string, catchAll: boolean }[]
}

/**
 * `/api/todos/:id` becomes `/api/todos/{id}`; a catch-all (`**:slug`, or `**`
 * whose param h3 names `_`) becomes one param that OpenAPI cannot say may hold slashes.
 * @example
 * openApiPathOf('/api/files/**:path') // { path: '/api/files/{path}', params: [{ name: 'path', catchAll: true }] }
 */
export function openApiPathOf(route: string): OpenApiPath {
  const params: OpenApiPath['params'] = []
  const segments = route.split('/').map((segment, index) => {
    if (segment.startsWith('**')) {
      const name = segment.slice(3) || '_'
      params.push({ name, catchAll: true })
      return `{${name}}`
    }
    if (segment.startsWith(':')) {
      params.push({ name: segment.slice(1), catchAll: false })
      return `{${segment.slice(1)}}`
    }
    if (segment === '*') {
      params.push({ name: `_${index - 1}`, catchAll: false })
      return `{_${index - 1}}`
    }
    return segment
  })
  return { path: segments.join('/'), params }
}
