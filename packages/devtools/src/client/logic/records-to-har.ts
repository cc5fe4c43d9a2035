import type { RequestRecord } from '../../shared/types'
import { usesQuery } from './request-draft'

/** The parts of HAR 1.2 the export writes (http://www.softwareishard.com/blog/har-12-spec/). */
export interface Har {
  log: {
    version: '1.2'
    creator: { name: string, version: string }
    entries: HarEntry[]
  }
}

interface HarNameValue { name: string, value: string }

/** One request and its response, as HAR 1.2 writes them. */
export interface HarEntry {
  startedDateTime: string
  time: number
  request: {
    method: string
    url: string
    httpVersion: string
    cookies: HarNameValue[]
    headers: HarNameValue[]
    queryString: HarNameValue[]
    postData?: { mimeType: string, text: string }
    headersSize: -1
    bodySize: number
  }
  response: {
    status: number
    statusText: string
    httpVersion: string
    cookies: HarNameValue[]
    headers: HarNameValue[]
    content: { size: number, mimeType: string, text?: string }
    redirectURL: string
    headersSize: -1
    bodySize: number
  }
  cache: Record<string, never>
  timings: { send: number, wait: number, receive: number }
  /** Action Route's own fields (HAR allows custom fields starting with `_`). */
  _actionRoute: Pick<RequestRecord, 'routeId' | 'timings' | 'unmatched' | 'truncated' | 'stream'>
}

/**
 * Records as a HAR 1.2 log, oldest first, for a browser's network panel or
 * any HAR viewer. URLs are made absolute against `baseURL`; the recorder's
 * redactions are kept as they are (`[redacted]`); the lifecycle timings go
 * in `_actionRoute`.
 * @example
 * JSON.stringify(recordsToHar(records, { baseURL: 'http://localhost:3000' }), null, 2)
 */
export function recordsToHar(records: RequestRecord[], options: { baseURL: string }): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Action Route DevTools', version: '1' },
      entries: [...records].sort((a, b) => a.id - b.id).map(record => toEntry(record, options.baseURL)),
    },
  }
}

function toEntry(record: RequestRecord, baseURL: string): HarEntry {
  const url = new URL(record.url, baseURL)
  const body = usesQuery(record.method) || record.input === undefined ? undefined : JSON.stringify(record.input)
  const answer = record.stream ? eventStreamText(record) : record.envelope === null ? undefined : JSON.stringify(record.envelope)
  const mimeType = record.stream ? 'text/event-stream' : 'application/json'
  return {
    startedDateTime: new Date(record.time).toISOString(),
    time: record.durationMs,
    request: {
      method: record.method,
      url: url.href,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: Object.entries(record.headers).map(([name, value]) => ({ name, value })),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(body !== undefined && { postData: { mimeType: record.headers['content-type'] ?? 'application/json', text: body } }),
      headersSize: -1,
      bodySize: body === undefined ? 0 : new TextEncoder().encode(body).length,
    },
    response: {
      status: record.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: answer === undefined ? [] : [{ name: 'content-type', value: mimeType }],
      content: answer === undefined
        ? { size: -1, mimeType: 'application/octet-stream' }
        : { size: new TextEncoder().encode(answer).length, mimeType, text: answer },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: record.durationMs, receive: 0 },
    _actionRoute: {
      routeId: record.routeId,
      ...(record.timings && { timings: record.timings }),
      ...(record.unmatched && { unmatched: true }),
      ...(record.truncated && { truncated: record.truncated }),
      ...(record.stream && { stream: record.stream }),
    },
  }
}

/** A streamed answer's body as the client read it: each kept event, then the `end` event when it came. */
function eventStreamText(record: RequestRecord): string {
  const events = record.stream!.events.map(event => `data: ${JSON.stringify(event.data)}\n\n`).join('')
  return record.envelope === null ? events : `${events}event: end\ndata: ${JSON.stringify(record.envelope)}\n\n`
}
