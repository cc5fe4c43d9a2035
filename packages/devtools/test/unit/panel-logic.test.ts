import { describe, expect, it } from 'vitest'
import { actionDraftFromRecord, parseMiddlewareNames, routeFromPath, toCreateRequest } from '../../src/client/logic/action-draft'
import { mergeRecords } from '../../src/client/logic/merge-records'
import { draftFromRecord, draftUrl } from '../../src/client/logic/request-draft'
import { formatDuration, waterfallBars } from '../../src/client/logic/waterfall'
import { makeRecord } from './make-record'

describe('mergeRecords', () => {
  it('appends live records in order, drops known ids and keeps the newest max', () => {
    const log = [makeRecord({ id: 1 }), makeRecord({ id: 2 })]
    expect(mergeRecords(log, [makeRecord({ id: 2 }), makeRecord({ id: 3 })], 10).map(record => record.id)).toEqual([1, 2, 3])
    expect(mergeRecords(log, [makeRecord({ id: 3 }), makeRecord({ id: 4 })], 3).map(record => record.id)).toEqual([2, 3, 4])
  })

  it('sorts a backlog older than the live records in by id', () => {
    const merged = mergeRecords([makeRecord({ id: 5 })], [makeRecord({ id: 2 }), makeRecord({ id: 1 }), makeRecord({ id: 1 })], 10)
    expect(merged.map(record => record.id)).toEqual([1, 2, 5])
  })

  it('answers the same array when nothing is new, so the log does not redraw', () => {
    const log = [makeRecord({ id: 1 })]
    expect(mergeRecords(log, [makeRecord({ id: 1 })], 10)).toBe(log)
  })
})

describe('the New action draft from a record', () => {
  it('turns route patterns and concrete paths into create-action routes', () => {
    expect(routeFromPath('/api/todos/:id')).toBe('todos/[id]')
    expect(routeFromPath('/api/files/**:path')).toBe('files/[...path]')
    expect(routeFromPath('/app/api/todos/7?x=1')).toBe('todos/7')
    expect(routeFromPath('/api/caf%C3%A9')).toBe('café')
    expect(routeFromPath('/api/')).toBe('index')
  })

  it('pre-fills an unmatched POST with its concrete path, method and body as the example', () => {
    const record = makeRecord({ unmatched: true, route: '', routeId: '', path: '/api/notes/7', url: '/api/notes/7', input: { text: 'x', pinned: false }, status: 404 })
    expect(actionDraftFromRecord(record, 'zod')).toEqual({ route: 'notes/7', method: 'post', schema: 'zod', middleware: [], example: { text: 'x', pinned: false } })
  })

  it('pre-fills a matched PATCH with its route pattern', () => {
    const record = makeRecord({ method: 'PATCH', route: '/api/todos/:id', path: '/api/todos/3', input: { done: true } })
    expect(actionDraftFromRecord(record, 'valibot')).toMatchObject({ route: 'todos/[id]', method: 'patch', example: { done: true } })
  })

  it('takes a GET\'s query as the example only when it has one', () => {
    expect(actionDraftFromRecord(makeRecord({ method: 'GET', query: { page: '2' }, input: { page: '2' } }), 'zod').example).toEqual({ page: '2' })
    expect(actionDraftFromRecord(makeRecord({ method: 'GET', query: {}, input: {} }), 'zod')).not.toHaveProperty('example')
  })

  it('sends only what was given, with the flags', () => {
    expect(toCreateRequest({ route: ' /todos/[id]/ ', method: 'patch', schema: 'zod', middleware: [] }, { dryRun: true }))
      .toEqual({ route: 'todos/[id]', method: 'patch', schema: 'zod', dryRun: true })
    expect(toCreateRequest({ route: 'todos', method: 'post', schema: '', middleware: ['requireUser'], example: { a: 1 } }, { overwrite: true }))
      .toEqual({ route: 'todos', method: 'post', middleware: ['requireUser'], example: { a: 1 }, overwrite: true })
    expect(parseMiddlewareNames(' requireUser, audit  requireUser,')).toEqual(['requireUser', 'audit'])
  })

  it('sends stream only when the Streaming box is ticked, and never for HEAD', () => {
    expect(toCreateRequest({ route: 'reply', method: 'post', schema: 'zod', middleware: [], stream: true }, { dryRun: true }))
      .toEqual({ route: 'reply', method: 'post', schema: 'zod', stream: true, dryRun: true })
    expect(toCreateRequest({ route: 'reply', method: 'post', schema: 'zod', middleware: [], stream: false })).not.toHaveProperty('stream')
    expect(toCreateRequest({ route: 'ping', method: 'head', schema: 'zod', middleware: [], stream: true })).not.toHaveProperty('stream')
  })

  it('ticks Streaming for a record of a streamed answer', () => {
    const streamed = makeRecord({ method: 'POST', route: '/api/reply', path: '/api/reply', input: { prompt: 'hi' }, stream: { events: [], count: 2, ended: true } })
    expect(actionDraftFromRecord(streamed, 'zod')).toMatchObject({ route: 'reply', method: 'post', stream: true })
    expect(actionDraftFromRecord(makeRecord({ method: 'POST' }), 'zod')).not.toHaveProperty('stream')
  })

  it('replays an unmatched record at its concrete path', () => {
    const record = makeRecord({ unmatched: true, route: '', routeId: '', path: '/api/notes/7', url: '/api/notes/7?draft=1', query: { draft: '1' } })
    expect(draftUrl(draftFromRecord(record))).toBe('/api/notes/7?draft=1')
  })
})

describe('waterfallBars', () => {
  it('offsets each bar by its start and sizes it by its duration, on the request\'s scale', () => {
    const bars = waterfallBars([
      { step: 'handler', start: 2, duration: 6 },
      { step: 'parse', start: 0, duration: 1 },
      { step: 'middleware', name: 'requireUser', start: 1, duration: 1, ctxKeys: ['user'] },
    ], 10)
    expect(bars.map(bar => [bar.label, bar.offset, bar.width, bar.ctxKeys])).toEqual([
      ['parse', 0, 10, []],
      ['requireUser', 10, 10, ['user']],
      ['handler', 20, 60, []],
    ])
  })

  it('keeps a 0 ms step visible and never runs past the end', () => {
    const [first, last] = waterfallBars([{ step: 'validate', start: 0, duration: 0 }, { step: 'respond', start: 4, duration: 0 }], 4)
    expect(first!.width).toBe(0.5)
    expect(last!.offset + last!.width).toBeLessThanOrEqual(100)
    expect(formatDuration(0.042)).toBe('42 µs')
    expect(formatDuration(12.345)).toBe('12.3 ms')
  })
})
