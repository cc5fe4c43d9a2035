import type { RequestRecord } from '../../src/shared/types'

/** A record as the recorder stores it, with the given fields changed. */
export function makeRecord(fields: Partial<RequestRecord> = {}): RequestRecord {
  return {
    id: 1,
    time: Date.UTC(2026, 0, 2, 3, 4, 5),
    method: 'POST',
    url: '/api/todos',
    path: '/api/todos',
    route: '/api/todos',
    routeId: 'POST /api/todos',
    params: {},
    query: {},
    headers: { 'content-type': 'application/json' },
    input: { title: 'Buy milk' },
    status: 201,
    envelope: { data: { id: 1, title: 'Buy milk' } },
    durationMs: 4.2,
    ...fields,
  }
}
