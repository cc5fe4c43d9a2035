import type { CreateActionRequest, RequestRecord, RouteInfo } from '../../shared/types'
import { usesQuery } from './request-draft'

/** What the "New action" form holds: a `CreateActionRequest` before it is sent. */
export interface ActionDraft {
  /** The route under server/api, without method suffix: `todos/[id]`. */
  route: string
  /** Lower-case method. */
  method: string
  schema: string
  middleware: string[]
  /** A JSON example of the input, its schema inferred by the server; undefined for none. */
  example?: unknown
  /** A streaming action (`create-action --stream`); not sent for HEAD, which cannot stream. */
  stream?: boolean
}

/**
 * A Nitro route pattern or a concrete path as the file route `create-action`
 * takes: everything up to the API prefix cut, `:id` as `[id]`, `**:slug` as
 * `[...slug]`. The app's base URL before the prefix goes too.
 * @example
 * routeFromPath('/api/todos/:id') // 'todos/[id]'
 * routeFromPath('/app/api/todos/7') // 'todos/7'
 */
export function routeFromPath(path: string, apiPrefix = '/api/'): string {
  const pathname = path.split('?')[0]!
  const at = pathname.indexOf(apiPrefix)
  const rest = at === -1 ? pathname.replace(/^\/+/, '') : pathname.slice(at + apiPrefix.length)
  return rest.split('/').filter(Boolean).map((segment) => {
    if (segment === '**') return '[...path]'
    if (segment.startsWith('**:')) return `[...${segment.slice(3)}]`
    if (segment.startsWith(':')) return `[${segment.slice(1)}]`
    return safeDecode(segment)
  }).join('/') || 'index'
}

/**
 * The route `create-action` takes for a route file under `server/api`: its
 * path there without the method suffix and extension, so writing it again
 * names that same file (`todos/index`, not `todos`, which would be a second
 * file for the same route). Undefined for a file elsewhere (server/routes).
 * @example
 * routeFromFile('server/api/todos/index.post.ts') // 'todos/index'
 * routeFromFile('server/routes/feed.get.ts') // undefined
 */
export function routeFromFile(relativeFile: string): string | undefined {
  const match = relativeFile.replace(/\\/g, '/').match(/(?:^|\/)server\/api\/(.+?)(?:\.(?:connect|delete|get|head|options|patch|post|put|trace))?(?:\.(?:dev|prod|prerender))?\.[a-z]+$/i)
  return match?.[1]
}

/**
 * The form pre-filled from a recorded request: its route (the concrete path of
 * one that found none, which the developer may edit into `[id]`; for one that
 * reached an action, the form of that action's file when `existing` gives it, so
 * the form says the file is there instead of planning a second one, else its
 * pattern), its method, its JSON input as the example the input schema is
 * inferred from, and `stream` for a request answered with a stream.
 * @example
 * actionDraftFromRecord({ method: 'POST', path: '/api/todos', unmatched: true, input: { title: 'x' }, ... }, 'zod')
 * // { route: 'todos', method: 'post', schema: 'zod', middleware: [], example: { title: 'x' } }
 * actionDraftFromRecord(matchedRecord, 'zod', { relativeFile: 'server/api/todos/index.post.ts' }).route // 'todos/index'
 */
export function actionDraftFromRecord(record: RequestRecord, schema: string, existing?: Pick<RouteInfo, 'relativeFile'>): ActionDraft {
  const fromFile = !record.unmatched && existing ? routeFromFile(existing.relativeFile) : undefined
  const route = fromFile ?? routeFromPath(record.unmatched || !record.route ? record.path : record.route)
  const input = usesQuery(record.method) ? record.query : record.input
  const example = isObject(input) && (Object.keys(input).length > 0 || !usesQuery(record.method)) ? input : undefined
  return {
    route,
    method: record.method.toLowerCase(),
    schema,
    middleware: [],
    ...(example !== undefined && { example }),
    ...(record.stream !== undefined && { stream: true }),
  }
}

/**
 * The body of `POST /api/actions` for a draft: empty middleware, a
 * missing example and `stream` unless set (never for HEAD) left out.
 * @example
 * toCreateRequest({ route: 'todos', method: 'post', schema: 'zod', middleware: [] }, { dryRun: true })
 * // { route: 'todos', method: 'post', schema: 'zod', dryRun: true }
 */
export function toCreateRequest(draft: ActionDraft, flags: Pick<CreateActionRequest, 'dryRun' | 'overwrite'> = {}): CreateActionRequest {
  return {
    route: draft.route.trim().replace(/^\/+|\/+$/g, ''),
    method: draft.method,
    ...(draft.schema && { schema: draft.schema }),
    ...(draft.middleware.length > 0 && { middleware: draft.middleware }),
    ...(draft.example !== undefined && { example: draft.example }),
    ...(draft.stream === true && draft.method.toLowerCase() !== 'head' && { stream: true }),
    ...flags,
  }
}

/**
 * Middleware names typed as free text: split on commas and spaces, deduplicated.
 * @example
 * parseMiddlewareNames('requireUser, audit  requireUser') // ['requireUser', 'audit']
 */
export function parseMiddlewareNames(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))]
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  }
  catch {
    return segment
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
