import { options, routes } from '#action-route/devtools-routes'
import { actionDefaults } from '../../server/internal/action-defaults'
import { actionDescriptorOf, findRouteEntry, routeId } from '../registry'
import { recorder } from '../recorder-instance'
import type { RecordDraft } from '../recorder'
import { captureRequestInput, queryFields } from './capture-request-input'
import type { CapturedInput } from './capture-request-input'
import { traceRequest } from '../../server/internal/lifecycle-trace'

/** A request as the recorder reads it, whichever h3 major carries it. */
export interface RecordedRequest {
  method: string
  url: URL
  headers: Headers
  /** Reads the body without taking it from the action. */
  readBody: () => Promise<Uint8Array | undefined>
  /** The event's `context`: marked so the action times its lifecycle (`timings`, `Server-Timing`). */
  context: object
}

/** A request to an action being recorded: `finish` adds it to the recorder once its answer is known. */
export interface PendingActionRecord {
  finish: (status: number, body: unknown) => void
}

/**
 * Starts recording a request when it goes to an action (the DevTools' own endpoints and
 * other routes are left alone): its route, params, query, headers and input are taken
 * now, before the action runs, and its status and envelope by `finish`.
 * @example
 * const pending = await startActionRecord({ method, url, headers, readBody })
 * pending?.finish(200, '{"data":1}')
 */
export async function startActionRecord(request: RecordedRequest): Promise<PendingActionRecord | undefined> {
  const { url } = request
  if (url.pathname.startsWith(options.base)) return undefined
  const match = findRouteEntry(routes, request.method, url.pathname)
  if (!match) return undefined
  const descriptor = actionDescriptorOf(await match.entry.load().catch(() => undefined))
  if (!descriptor) return undefined
  const started = performance.now()
  const captured = await captureRequestInput({ ...request, query: url.searchParams }, {
    maxBodySize: descriptor.maxBodySize ?? actionDefaults.maxBodySize,
    maxFormFields: descriptor.maxFormFields ?? actionDefaults.maxFormFields,
    maxFormFiles: descriptor.maxFormFiles ?? actionDefaults.maxFormFiles,
  })
    .catch((): CapturedInput => ({ input: null, inputNote: 'body could not be read' }))
  const draft: Omit<RecordDraft, 'status' | 'envelope' | 'durationMs'> = {
    time: Date.now(),
    method: request.method,
    url: url.pathname + url.search,
    path: url.pathname,
    route: match.entry.route,
    routeId: routeId(match.entry),
    params: match.params,
    query: queryFields(url.searchParams),
    headers: headerRecord(request.headers),
    ...captured,
  }
  const trace = traceRequest(request.context)
  let finished = false
  return {
    finish(status, body) {
      if (finished) return
      finished = true
      const timings = trace.timings.length > 0 ? { timings: trace.timings } : {}
      recorder.add({ ...draft, status, envelope: parseEnvelope(body), durationMs: Math.round((performance.now() - started) * 100) / 100, ...timings })
    },
  }
}

/** Headers as the record keeps them: one string per name, set-cookie as a list. */
function headerRecord(headers: Headers): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {}
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') record[name] = value
  })
  const cookies = headers.getSetCookie()
  if (cookies.length > 0) record['set-cookie'] = cookies
  return record
}

function parseEnvelope(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? null
  try {
    return JSON.parse(body)
  }
  catch {
    return null
  }
}
