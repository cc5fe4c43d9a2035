import { describe, expect, it } from 'vitest'
import { actionDraftFromRecord, routeFromFile } from '../../src/client/logic/action-draft'
import { makeRecord } from './make-record'

describe('Create action from a request that reached an action', () => {
  it('pre-fills the existing file\'s own route (todos/index), not todos, which would plan a second file for POST /api/todos', () => {
    const record = makeRecord({ method: 'POST', route: '/api/todos', routeId: 'POST /api/todos', path: '/api/todos', input: { title: 'x' } })
    expect(actionDraftFromRecord(record, 'zod', { relativeFile: 'server/api/todos/index.post.ts' })).toMatchObject({ route: 'todos/index', method: 'post', example: { title: 'x' } })
  })

  it('keeps the concrete path of a request that found no route', () => {
    const record = makeRecord({ unmatched: true, route: '', routeId: '', path: '/api/notes/7', input: { text: 'x' }, status: 404 })
    expect(actionDraftFromRecord(record, 'zod', { relativeFile: 'server/api/notes.post.ts' }).route).toBe('notes/7')
  })

  it('reads the route create-action takes from a route file under server/api, and none elsewhere', () => {
    expect(routeFromFile('server/api/todos/index.post.ts')).toBe('todos/index')
    expect(routeFromFile('server/api/todos.ts')).toBe('todos')
    expect(routeFromFile('app/server/api/todos/[id].patch.dev.ts')).toBe('todos/[id]')
    expect(routeFromFile('server\\api\\files\\[...path].get.ts')).toBe('files/[...path]')
    expect(routeFromFile('server/routes/feed.get.ts')).toBeUndefined()
  })
})
