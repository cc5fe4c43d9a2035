import { describe, expect, it } from 'vitest'
import type { RequestRecord } from '../../src/shared/types'
import { DEVTOOLS_BASE } from '../../src/shared/types'
import { DEVTOOLS_BASE as SERVER_BASE } from '../../../runtime/src/devtools/setup-devtools'
import { diffJson } from '../../src/client/logic/json-diff'
import { parseHeaders } from '../../src/client/logic/header-lines'
import { draftFromRecord, draftUrl, sendDraft } from '../../src/client/logic/request-draft'
import { toActionCode } from '../../src/client/logic/action-code'
import { toCurl } from '../../src/client/logic/curl-command'

const record: RequestRecord = {
  id: 1, time: 0, method: 'PATCH', url: '/api/todos/7', path: '/api/todos/7', route: '/api/todos/:id', routeId: 'PATCH /api/todos/:id',
  params: { id: '7' }, query: {}, headers: { 'authorization': '[redacted]', 'cookie': '[redacted]', 'host': 'x', 'x-trace': 't1', 'content-type': 'application/json' },
  input: { done: true }, status: 200, envelope: { success: true, data: { id: 7, done: true } }, durationMs: 3,
}

describe('request drafts', () => {
  it('replays a record without its redacted and hop-by-hop headers', () => {
    expect(draftFromRecord(record)).toEqual({ method: 'PATCH', route: '/api/todos/:id', params: { id: '7' }, input: { done: true }, headers: { 'x-trace': 't1', 'content-type': 'application/json' } })
  })

  it('fills params and puts GET input in the query', () => {
    expect(draftUrl({ method: 'GET', route: '/api/todos/:id', params: { id: 'a b' }, input: { q: 'x', tags: ['a', 'b'] }, headers: {} })).toBe('/api/todos/a%20b?q=x&tags=a&tags=b')
    expect(draftUrl({ method: 'POST', route: '/api/todos', params: {}, input: { q: 'x' }, headers: {} })).toBe('/api/todos')
  })

  it('sends JSON for body methods and reads the envelope', async () => {
    const calls: [string, RequestInit][] = []
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push([url, init])
      return new Response('{"success":true,"data":1}', { status: 201 })
    }) as unknown as typeof fetch
    const result = await sendDraft(draftFromRecord(record), fakeFetch)
    expect(result).toMatchObject({ status: 201, envelope: { success: true, data: 1 } })
    expect(calls[0]![0]).toBe('/api/todos/7')
    expect(calls[0]![1]).toMatchObject({ method: 'PATCH', body: '{"done":true}' })
  })

  it('copies as cURL and as $action code', () => {
    const draft = draftFromRecord(record)
    expect(toCurl(draft, 'http://localhost:3000')).toBe([
      `curl -X PATCH 'http://localhost:3000/api/todos/7'`,
      `-H 'content-type: application/json'`,
      `-H 'x-trace: t1'`,
      `--data-raw '{"done":true}'`,
    ].join(' \\\n  '))
    expect(toActionCode({ ...draft, headers: {} })).toBe(`const result = await $action('/api/todos/:id', {\n  method: 'PATCH',\n  params: {\n    id: '7',\n  },\n  input: {\n    done: true,\n  },\n})`)
  })

  it('parses header lines', () => {
    expect(parseHeaders('Authorization: Bearer a:b\n\nbad line\nx-a:  1 ')).toEqual({ 'authorization': 'Bearer a:b', 'x-a': '1' })
  })

  it('diffs envelopes line by line, side by side', () => {
    const rows = diffJson({ success: true, data: { done: false } }, { success: true, data: { done: true } })
    expect(rows.filter(row => row.changed)).toEqual([{ left: '    "done": false', right: '    "done": true', changed: true }])
    expect(diffJson({ a: 1 }, { a: 1 }).every(row => !row.changed)).toBe(true)
  })

  it('agrees with the server on where the endpoints live', () => {
    expect(DEVTOOLS_BASE).toBe(SERVER_BASE)
  })
})

describe('replaying a body request with a query string', () => {
  it('keeps the query', () => {
    const draft = draftFromRecord({ ...record, method: 'POST', url: '/api/x?from=outside', route: '/api/x', params: {}, query: { from: 'outside' } })
    expect(draftUrl(draft)).toBe('/api/x?from=outside')
  })
})

describe('a param that would reach another route', () => {
  it('is refused with a TypeError naming it, so a replay or a copy never hits another route', async () => {
    const base = { method: 'DELETE', route: '/api/todos/:id', input: {}, headers: {} }
    for (const id of ['', '.', '..']) {
      expect(() => draftUrl({ ...base, params: { id } })).toThrow(new TypeError(`Route param "id" is ${JSON.stringify(id)}: an empty, "." or ".." segment would reach another route`))
    }
    expect(() => draftUrl({ ...base, route: '/api/files/**:path', params: { path: 'a/../b' } })).toThrow(TypeError)
    expect(draftUrl({ ...base, route: '/api/files/**:path', params: { path: 'a/..b/c d' } })).toBe('/api/files/a/..b/c%20d')
    const calls: string[] = []
    const fakeFetch = (async (url: string) => {
      calls.push(url)
      return new Response('{}')
    }) as unknown as typeof fetch
    await expect(sendDraft({ ...base, params: { id: '..' } }, fakeFetch)).rejects.toThrow(TypeError)
    expect(calls).toEqual([])
  })
})
