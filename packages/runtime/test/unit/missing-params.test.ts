import { describe, expect, it } from 'vitest'
import { checkExecuteParams } from '../../src/runtime/app/internal/check-call-options'
import { fillParams, missingParams } from '../../src/runtime/app/internal/fill-params'
import { callAction } from '../../src/runtime/app/call/call-action'
import type { ActionFetcher } from '../../src/runtime/app/call/call-action'

// A call to a route with dynamic segments and no params (past the types: plain JS, `any`): a TypeError that names
// the param and says where it goes, before anything is sent, never a TypeError from deep inside the client

describe('useAction\'s execute without the params its route needs', () => {
  it('throws a TypeError naming the missing param and where params go', () => {
    expect(() => checkExecuteParams('/api/expenses/:id', undefined, { title: 'x' }))
      .toThrow(new TypeError('useAction(\'/api/expenses/:id\') is missing route param "id": pass execute(input, { params: { id } }), or useAction\'s params option'))
    expect(() => checkExecuteParams('/api/users/:user/files/**:path', { user: 1 }, undefined))
      .toThrow(new TypeError('useAction(\'/api/users/:user/files/**:path\') is missing route param "path": pass execute(input, { params: { path } }), or useAction\'s params option'))
    expect(() => checkExecuteParams('/api/users/:user/files/**:path', {}, undefined))
      .toThrow(/is missing route params "user", "path": pass execute\(input, \{ params: \{ user, path \} \}\)/)
  })

  it('says params go in the second argument when the input carries them', () => {
    expect(() => checkExecuteParams('/api/todos/:id', undefined, { params: { id: 1 } }))
      .toThrow(new TypeError('useAction(\'/api/todos/:id\'): params go in execute\'s second argument, execute(input, { params }), or execute(undefined, { params }) for an action without input'))
  })

  it('passes a route without dynamic segments, and params that give every segment', () => {
    expect(() => checkExecuteParams('/api/expenses', undefined, { title: 'x' })).not.toThrow()
    expect(() => checkExecuteParams('/api/expenses/:id', { id: 0 }, { title: 'x' })).not.toThrow()
    // a bad value is the call's own check (empty, `.`, `..`, not a string or number)
    expect(() => checkExecuteParams('/api/expenses/:id', 'id', { title: 'x' })).not.toThrow()
  })
})

describe('$action without the params its route needs', () => {
  it('rejects with a TypeError naming the param and how to pass it, and sends nothing', async () => {
    const sent: string[] = []
    const fetcher: ActionFetcher = { raw: async (url) => {
      sent.push(url)
      return { status: 200, statusText: 'OK', _data: { success: true, data: null } }
    } }
    await expect(callAction(fetcher, '/api/expenses/:id', { method: 'PATCH', input: { title: 'x' } }))
      .rejects.toThrow(new TypeError('Route param "id" for /api/expenses/:id is missing: pass params: { id }'))
    expect(sent).toEqual([])
  })

  it('lists the params a pattern lacks, in order', () => {
    expect(missingParams('/api/users/:user/files/**:path', { user: 1 })).toEqual(['path'])
    expect(missingParams('/api/users/:user/files/**:path', { user: null, path: undefined })).toEqual(['user', 'path'])
    expect(missingParams('/api/users', undefined)).toEqual([])
    expect(() => fillParams('/api/users/:user', { user: 'ada' })).not.toThrow()
  })
})
