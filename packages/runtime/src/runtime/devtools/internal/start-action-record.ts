import { options, routes } from '#action-route/devtools-routes'
import { actionDefaults } from '../../server/body/action-defaults'
import { withoutBase, withoutTrailingSlash } from 'ufo'
import { actionDescriptorOf, findRouteEntry, routeId } from '../registry'
import type { RouteEntry } from '../registry'
import { recorder } from '../recorder-instance'
import type { RecordDraft } from '../recorder'
import { captureRequestInput, queryFields } from './capture-request-input'
import type { CapturedInput, CaptureLimits } from './capture-request-input'
import { traceRequest } from './request-trace'

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
  /**
   * The answer is a stream (`text/event-stream`) starting with `status`: its record shows at once, gains each
   * event as it is written and ends with the stream; `finish` then adds nothing.
   */
  startStream: (status: number) => void
}

/**
 * Starts recording a request when it goes to an action, or when it is under the app's API
 * prefix (Nitro's `apiBaseURL`) and no route file answers it (a route that does not exist yet,
 * recorded with `unmatched: true`; kept only when it answers 404 or the app's HTML page, which
 * Nuxt's renderer sends for a path no handler took). The DevTools' own endpoints,
 * Nuxt's assets and pages, and other routes are left alone. Its route, params, query, headers
 * and input are taken now, before the action runs, and its status and envelope by `finish`.
 * The app's `baseURL` is taken off the path before matching: `url` stays as requested, `path`
 * is what the router matched (`/api/todos/1` for `/base/api/todos/1`).
 * @example
 * const pending = await startActionRecord({ method, url, headers, readBody, context })
 * pending?.finish(200, '{"data":1}')
 */
export async function startActionRecord(request: RecordedRequest): Promise<PendingActionRecord | undefined> {
  const { url } = request
  const path = withoutBase(url.pathname, options.appBase)
  if (isUnder(path, options.base)) return undefined
  const match = findRouteEntry(routes, request.method, path)
  if (!match) return isUnder(path, options.apiBase) ? startRecord(request, path, actionDefaults) : undefined
  const descriptor = actionDescriptorOf(await match.entry.load().catch(() => undefined))
  if (!descriptor) return undefined
  return startRecord(request, path, {
    maxBodySize: descriptor.maxBodySize ?? actionDefaults.maxBodySize,
    maxFormFields: descriptor.maxFormFields ?? actionDefaults.maxFormFields,
    maxFormFiles: descriptor.maxFormFiles ?? actionDefaults.maxFormFiles,
  }, match)
}

/** Records a request: to the action `match` names, or, without a match, one that found no route (kept only when nothing but Nuxt's renderer or a 404 answered). */
async function startRecord(request: RecordedRequest, path: string, limits: CaptureLimits, match?: { entry: RouteEntry, params: Record<string, string> }): Promise<PendingActionRecord> {
  const { url } = request
  const started = performance.now()
  const captured = await captureRequestInput({ ...request, query: url.searchParams }, limits)
    .catch((): CapturedInput => ({ input: null, inputNote: 'body could not be read' }))
  const draft: Omit<RecordDraft, 'status' | 'envelope' | 'durationMs'> = {
    time: Date.now(),
    method: request.method,
    url: url.pathname + url.search,
    path,
    route: match?.entry.route ?? '',
    routeId: match ? routeId(match.entry) : '',
    params: match?.params ?? {},
    query: queryFields(url.searchParams),
    headers: headerRecord(request.headers),
    ...captured,
    ...(!match && { unmatched: true }),
  }
  const trace = traceRequest(request.context)
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100
  let finished = false
  // a streamed answer's record, added when the stream starts, and its end envelope once written
  let streamId: number | undefined
  let endEnvelope: string | undefined
  const startStream = (status: number) => {
    if (finished) return
    finished = true
    // a stream of some other handler under the API prefix is not a missing route
    if (!match) return
    // the steps so far, a copy: the handler's span is still open
    const timings = trace.timings.map(timing => ({ ...timing }))
    streamId = recorder.add({ ...draft, status, envelope: null, durationMs: elapsed(), ...(timings.length > 0 && { timings }), stream: true }).id
  }
  trace.listen({
    streamed(kind, data, at) {
      startStream(200)
      if (streamId === undefined) return
      if (kind === 'event') recorder.streamEvent(streamId, data, at)
      else endEnvelope = data
    },
    finished(status) {
      // an answer that is no stream is recorded by `finish`, once the host has it
      if (streamId === undefined) return
      recorder.endStream(streamId, { status, envelope: endEnvelope === undefined ? null : parseEnvelope(endEnvelope), durationMs: elapsed(), timings: trace.timings })
    },
  })
  return {
    finish(status, body) {
      if (finished) return
      finished = true
      // another handler under the prefix (a module's, a catch-all) answered: not a missing route
      if (!match && status !== 404 && !isHtmlPage(body)) return
      const timings = trace.timings.length > 0 ? { timings: trace.timings } : {}
      recorder.add({ ...draft, status, envelope: parseEnvelope(body), durationMs: elapsed(), ...timings })
    },
    startStream,
  }
}

/**
 * True for a `text/event-stream` content type: a streamed answer, whose body the recorder never reads
 * (its events come from the action's trace, as they are written).
 * @example
 * isEventStream(response.headers.get('content-type')) // true for 'text/event-stream; charset=utf-8'
 */
export function isEventStream(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^\s*text\/event-stream\b/i.test(contentType)
}

/** True for `base` itself and every path below it; an API prefix of `/` holds nothing (pages and assets are no missing routes). */
function isUnder(path: string, base: string): boolean {
  const prefix = withoutTrailingSlash(base)
  return prefix !== '' && (path === prefix || path.startsWith(`${prefix}/`))
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

/** Nuxt's renderer answered: the app's HTML page (200 in an app without pages, 404 with them). */
function isHtmlPage(body: unknown): boolean {
  return typeof body === 'string' && /^\s*<(?:!doctype|html)/i.test(body)
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
