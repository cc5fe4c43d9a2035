import { describe, expect, it } from 'vitest'
import { emptyLogMessage, filterRecords } from '../../src/client/logic/filter-records'
import { makeRecord } from './make-record'

describe('the request log filter', () => {
  const records = [
    makeRecord({ id: 1 }),
    makeRecord({ id: 2, method: 'GET', url: '/api/todos?page=2', routeId: 'GET /api/todos', status: 200 }),
    makeRecord({ id: 3, status: 422, envelope: { error: { code: 'VALIDATION_ERROR' } } }),
  ]

  it('keeps the records holding every word, newest first, on the picked route only', () => {
    expect(filterRecords(records, { query: '', routeId: '' }).map(record => record.id)).toEqual([3, 2, 1])
    expect(filterRecords(records, { query: 'post validation', routeId: '' }).map(record => record.id)).toEqual([3])
    expect(filterRecords(records, { query: '', routeId: 'GET /api/todos' }).map(record => record.id)).toEqual([2])
  })

  it('says no request matches the filter when records are kept, not that there is no request yet', () => {
    expect(filterRecords(records, { query: 'delete', routeId: '' })).toEqual([])
    expect(emptyLogMessage(records.length, { query: ' delete ', routeId: '' })).toBe('No request matches "delete" (3 kept). Change the filter to see the others.')
    expect(emptyLogMessage(records.length, { query: 'delete', routeId: 'DELETE /api/todos/:id' })).toBe('No request matches "delete" on the route DELETE /api/todos/:id (3 kept). Change the filter to see the others.')
    expect(emptyLogMessage(records.length, { query: '', routeId: 'DELETE /api/todos/:id' })).toMatch(/^No request matches the route DELETE \/api\/todos\/:id/)
  })

  it('says no request yet when nothing is kept, filtered or not', () => {
    expect(emptyLogMessage(0, { query: '', routeId: '' })).toMatch(/^No request yet\./)
    expect(emptyLogMessage(0, { query: 'delete', routeId: '' })).toMatch(/^No request yet\./)
  })
})
