import type { RequestRecord } from '../../shared/types'

/** The log's filters: the words typed, and the route picked in the route list ('' for every route). */
export interface RecordFilter {
  query: string
  routeId: string
}

/**
 * The records that match the filter, newest first: every word of the query appears in the method,
 * URL, status, error code or "no route"; a picked route keeps its own records only.
 * @example
 * filterRecords(records, { query: 'post 422', routeId: '' })
 */
export function filterRecords(records: readonly RequestRecord[], filter: RecordFilter): RequestRecord[] {
  const words = filter.query.toLowerCase().split(/\s+/).filter(Boolean)
  return records.filter((record) => {
    if (filter.routeId && record.routeId !== filter.routeId) return false
    const code = (record.envelope as { error?: { code?: string } } | null)?.error?.code ?? ''
    const haystack = `${record.method} ${record.url} ${record.status} ${code}${record.unmatched ? ' no route' : ''}`.toLowerCase()
    return words.every(word => haystack.includes(word))
  }).reverse()
}

/**
 * What the log says when it shows no row: that nothing was recorded yet, or that the records
 * kept do not match the filter (and which part of it), so an empty list is never read as "no traffic".
 * @example
 * emptyLogMessage(12, { query: 'delete', routeId: '' }) // 'No request matches "delete" (12 kept). …'
 */
export function emptyLogMessage(kept: number, filter: RecordFilter): string {
  const parts = [filter.query.trim() && `"${filter.query.trim()}"`, filter.routeId && `the route ${filter.routeId}`].filter(Boolean)
  if (kept === 0 || parts.length === 0) return 'No request yet. Use the app, the composer or curl: requests to actions show up here live.'
  return `No request matches ${parts.join(' on ')} (${kept} kept). Change the filter to see the others.`
}
