import { routes } from './route-fixture'

/** One kind of request, sent to every server in turn. */
export interface HttpScenario {
  id: string
  label: string
  method: 'GET' | 'POST'
  path: string
  body?: string
  /** Request headers, when not the JSON ones every HTTP scenario sends. */
  headers?: Record<string, string>
  /** The status the floor answers; a server answering otherwise is noted. */
  status: number
}

const headers = { 'content-type': 'application/json', 'x-user': 'u1' }

/** Request headers of every scenario. */
export const scenarioHeaders: Record<string, string> = headers

/** Every HTTP scenario: valid and invalid bodies, query coercion, with and without output schema. */
export const httpScenarios: HttpScenario[] = [
  {
    id: 'post-valid',
    label: 'POST valid body',
    method: 'POST',
    path: routes.post,
    body: JSON.stringify({ title: 'Write the benchmarks', priority: 2, tags: ['work'] }),
    status: 200,
  },
  {
    id: 'post-invalid',
    label: 'POST invalid body (422)',
    method: 'POST',
    path: routes.post,
    body: JSON.stringify({ title: '', priority: 9, tags: 'work' }),
    status: 422,
  },
  {
    id: 'get-query',
    label: 'GET query coercion',
    method: 'GET',
    path: `${routes.get}?page=2&size=10&search=bench`,
    status: 200,
  },
  {
    id: 'post-valid-output',
    label: 'POST valid + output schema',
    method: 'POST',
    path: routes.postWithOutput,
    body: JSON.stringify({ title: 'Write the benchmarks', priority: 2, tags: ['work'] }),
    status: 200,
  },
  {
    id: 'get-query-output',
    label: 'GET query + output schema',
    method: 'GET',
    path: `${routes.getWithOutput}?page=2&size=10&search=bench`,
    status: 200,
  },
]
