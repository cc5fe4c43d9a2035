import type { CreateActionRequest, CreateActionResponse, ScaffoldOptions } from '@action-route/devtools/types'
import type { CreateActionOptions, RouteMethod, SchemaLibrary } from '@action-route/cli'
import { readTextUpTo } from './read-text-up-to'

/** The largest body `POST /__action-route/api/actions` reads: a route, a few names and an example. */
export const MAX_CREATE_ACTION_BODY = 64 * 1024

/** An endpoint's answer before an h3 major sends it: a status and a JSON body. */
export interface EndpointAnswer {
  status: number
  body: unknown
}

/** The request's body, whichever h3 major carries it. */
export interface CreateActionCall {
  /** The request's Content-Length, when it declared one. */
  declaredLength: string | null
  /** The body as it arrives; read up to the limit, then cancelled (what a cancel does is the h3 major's choice). */
  body: ReadableStream<Uint8Array> | null
}

/**
 * What `GET /__action-route/api/scaffold` answers: the choices of the "New action" form for
 * the app at `rootDir`, from create-action's own library.
 * @example
 * export default defineEventHandler(() => scaffoldChoices(options.rootDir))
 */
export async function scaffoldChoices(rootDir: string): Promise<ScaffoldOptions> {
  const { scaffoldOptions } = await import('@action-route/cli')
  return scaffoldOptions(rootDir)
}

/**
 * What `POST /__action-route/api/actions` answers: the action written by create-action's own
 * library (same templates, names and refusals), 201 with the files, 200 for a dry run; 409
 * `FILE_EXISTS` with the file when the route file is there and `overwrite` is not set (nothing
 * written); `stream: true` writes a streaming action (`create-action --stream`); 400 `BAD_REQUEST`
 * for a body that is not a usable request (`stream` with HEAD among them) and for create-action's refusals
 * (a schema library the app has not installed, with its install command; a route another file answers
 * already, with that `file`); 413 over 64 KiB, declared
 * or not: nothing of a chunked body is kept past the limit (the rest is read and dropped).
 * @example
 * const { status, body } = await answerCreateAction(options.rootDir, { declaredLength, body: request.body })
 */
export async function answerCreateAction(rootDir: string, call: CreateActionCall): Promise<EndpointAnswer> {
  if (call.declaredLength !== null && Number(call.declaredLength) > MAX_CREATE_ACTION_BODY) {
    await call.body?.cancel().catch(() => {})
    return tooLarge()
  }
  const text = call.body ? await readTextUpTo(call.body, MAX_CREATE_ACTION_BODY) : ''
  if (text === undefined) return tooLarge()
  let request: CreateActionOptions
  try {
    request = toCreateActionOptions(rootDir, JSON.parse(text))
  }
  catch (error) {
    return badRequest(error instanceof SyntaxError ? `The body is not JSON: ${error.message}` : messageOf(error))
  }
  const { createAction } = await import('@action-route/cli')
  try {
    const result = await createAction(request)
    const response: CreateActionResponse = {
      files: result.files.map(({ file, path, contents, existed }) => ({ file, path, contents, existed })),
      routeId: `${result.method.toUpperCase()} ${result.url}`,
      dryRun: result.dryRun,
    }
    return { status: result.dryRun ? 200 : 201, body: response }
  }
  catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'FILE_EXISTS') {
      const planned = await createAction({ ...request, overwrite: true, dryRun: true }).catch(() => undefined)
      return { status: 409, body: { error: { code: 'FILE_EXISTS', message: messageOf(error), file: planned?.files[0]?.file ?? '' } } }
    }
    // ROUTE_TAKEN names the file that answers the route already, for the panel's "open in editor"
    if (error instanceof Error && error.name === 'CliError') return badRequest(error.message, (error as { file?: string }).file)
    return { status: 500, body: { error: { code: 'INTERNAL', message: messageOf(error) } } }
  }
}

/** The body checked field by field, so a wrong type is a 400 that names the field. */
function toCreateActionOptions(rootDir: string, body: unknown): CreateActionOptions {
  if (!isPlainObject(body)) throw new Error('The body must be a JSON object: { route, method, schema?, middleware?, example?, stream?, overwrite?, dryRun? }.')
  const request = body as Partial<Record<keyof CreateActionRequest, unknown>>
  if (typeof request.route !== 'string' || request.route.trim() === '') throw new Error('route must be a non-empty string, like todos/[id].')
  if (typeof request.method !== 'string') throw new Error('method must be a string: get, post, put, patch, delete or head.')
  if (request.schema !== undefined && typeof request.schema !== 'string') throw new Error('schema must be a string, like zod.')
  if (request.middleware !== undefined && !(Array.isArray(request.middleware) && request.middleware.every(name => typeof name === 'string'))) {
    throw new Error('middleware must be a list of names, like ["auth"].')
  }
  for (const flag of ['overwrite', 'dryRun', 'stream'] as const) {
    if (request[flag] !== undefined && typeof request[flag] !== 'boolean') throw new Error(`${flag} must be true or false.`)
  }
  if (request.stream === true && request.method.toLowerCase() === 'head') {
    throw new Error('A HEAD route answers no body, so it cannot stream: use get (an EventSource sends GET) or post.')
  }
  return {
    rootDir,
    route: request.route,
    method: request.method.toLowerCase() as RouteMethod,
    ...(request.schema !== undefined && { schema: request.schema as SchemaLibrary }),
    ...(request.middleware !== undefined && { middleware: request.middleware as string[] }),
    ...(request.example !== undefined && request.example !== null && { examples: examplesOf(request.example) }),
    ...(request.stream === true && { stream: true }),
    overwrite: request.overwrite === true,
    dryRun: request.dryRun === true,
  }
}

/** One JSON object, or a list of them (several recorded bodies: a field missing from one becomes optional). */
function examplesOf(example: unknown): unknown[] {
  if (isPlainObject(example)) return [example]
  if (Array.isArray(example) && example.length > 0 && example.every(isPlainObject)) return example
  throw new Error('example must be a JSON object (the input), or a list of such objects.')
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function badRequest(message: string, file?: string): EndpointAnswer {
  return { status: 400, body: { error: { code: 'BAD_REQUEST', message, ...(file !== undefined && { file }) } } }
}

function tooLarge(): EndpointAnswer {
  return { status: 413, body: { error: { code: 'BAD_REQUEST', message: `The body is over ${MAX_CREATE_ACTION_BODY} bytes.` } } }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
