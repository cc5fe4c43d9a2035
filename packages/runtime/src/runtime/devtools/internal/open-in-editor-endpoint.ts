import { realpath, stat } from 'node:fs/promises'
import { isAbsolute, relative, resolve } from 'pathe'
import type { EndpointAnswer } from './create-action-endpoint'
import { readTextUpTo } from './read-text-up-to'

/** The largest body `POST /__action-route/api/open-in-editor` reads: a path and a position. */
export const MAX_OPEN_IN_EDITOR_BODY = 4 * 1024

/** The request, whichever h3 major carries it. */
export interface OpenInEditorCall {
  method: string
  /** The request's Content-Length, when it declared one. */
  declaredLength: string | null
  body: ReadableStream<Uint8Array> | null
}

/** Opens `file` (`/abs/path.ts:line:column`) in the editor; calls `refuse` with a reason when none can be launched. */
export type LaunchEditor = (file: string, refuse: (reason: string) => void) => void | Promise<void>

/**
 * What `POST /__action-route/api/open-in-editor` answers (behind the DevTools guard, like every
 * endpoint under the prefix): `{ file, line?, column? }` opens an existing file that lies under the
 * app's `rootDir`, both compared as real paths (a symlink out of the app is outside), in the editor
 * `launch-editor` finds (the one `LAUNCH_EDITOR` names, else a running one, else `VISUAL`/`EDITOR`).
 * 200 `{ opened }`; 405 for another method; 400 for a body that is not such an object; 403
 * `OUTSIDE_ROOT`; 404 `NOT_FOUND` for no such file; 413 over 4 KiB (a chunked body is read no further);
 * 500 `NO_EDITOR` when no editor could be launched.
 * @example
 * const { status, body } = await answerOpenInEditor(options.rootDir, { method: 'POST', declaredLength: null, body: request.body })
 */
export async function answerOpenInEditor(rootDir: string, call: OpenInEditorCall, launch: LaunchEditor = launchWithLaunchEditor): Promise<EndpointAnswer> {
  if (call.method !== 'POST') return failure(405, 'METHOD_NOT_ALLOWED', 'Open in editor takes a POST with { file, line?, column? }.')
  if (call.declaredLength !== null && Number(call.declaredLength) > MAX_OPEN_IN_EDITOR_BODY) {
    await call.body?.cancel().catch(() => {})
    return tooLarge()
  }
  const text = call.body ? await readTextUpTo(call.body, MAX_OPEN_IN_EDITOR_BODY) : ''
  if (text === undefined) return tooLarge()
  let target: { file: string, line?: number, column?: number }
  try {
    target = toTarget(JSON.parse(text))
  }
  catch (error) {
    return failure(400, 'BAD_REQUEST', error instanceof SyntaxError ? `The body is not JSON: ${error.message}` : (error as Error).message)
  }
  // real paths on both sides: a symlink in the app that leads out of it is outside
  const real = await realpath(resolve(rootDir, target.file)).catch(() => undefined)
  const root = await realpath(rootDir).catch(() => resolve(rootDir))
  if (real === undefined || !(await stat(real)).isFile()) return failure(404, 'NOT_FOUND', `There is no file ${target.file}.`)
  if (!isUnder(root, real)) return failure(403, 'OUTSIDE_ROOT', 'Only files of the app, under its root folder, open from the panel.')
  let refusal: string | undefined
  await Promise.resolve().then(() => launch(`${real}:${target.line ?? 1}:${target.column ?? 1}`, (reason) => {
    refusal = reason
  })).catch((error: unknown) => {
    refusal = error instanceof Error ? error.message : String(error)
  })
  if (refusal !== undefined) return failure(500, 'NO_EDITOR', `No editor could be launched (${refusal}): set LAUNCH_EDITOR, like LAUNCH_EDITOR=code.`)
  return { status: 200, body: { opened: relative(root, real) } }
}

/**
 * {@link answerOpenInEditor} from a request to a `Response`, for either h3 major: Nitro 3 hands
 * the handler a web `Request` (`event.req`), h3 v1 its method, headers and Node body.
 * @example
 * export default (event: { req: Request }) => openInEditorResponse(options.rootDir, event.req)
 */
export async function openInEditorResponse(rootDir: string, request: { method: string, headers: Headers, body: ReadableStream<Uint8Array> | null }, launch?: LaunchEditor): Promise<Response> {
  const { status, body } = await answerOpenInEditor(rootDir, { method: request.method, declaredLength: request.headers.get('content-length'), body: request.body }, launch)
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...(status === 405 && { allow: 'POST' }) }
  return Response.json(body, { status, headers })
}

/** launch-editor, loaded when a file is first opened: the same editor detection Vite's dev server uses. */
async function launchWithLaunchEditor(file: string, refuse: (reason: string) => void): Promise<void> {
  const { default: launchEditor } = await import('launch-editor')
  launchEditor(file, (_file, reason) => refuse(reason ?? 'none found'))
}

function toTarget(body: unknown): { file: string, line?: number, column?: number } {
  const request = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : undefined) as Record<string, unknown> | undefined
  if (!request || typeof request.file !== 'string' || request.file === '' || request.file.includes('\0')) {
    throw new Error('The body must be a JSON object: { file, line?, column? }, file a path under the app.')
  }
  for (const key of ['line', 'column'] as const) {
    const value = request[key]
    if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) > 0)) throw new Error(`${key} must be a whole number from 1.`)
  }
  return { file: request.file, line: request.line as number | undefined, column: request.column as number | undefined }
}

function isUnder(root: string, path: string): boolean {
  const rest = relative(root, path)
  return rest === '' || (!isAbsolute(rest) && rest !== '..' && !rest.startsWith('../'))
}

function failure(status: number, code: string, message: string): EndpointAnswer {
  return { status, body: { error: { code, message } } }
}

function tooLarge(): EndpointAnswer {
  return failure(413, 'BAD_REQUEST', `The body is over ${MAX_OPEN_IN_EDITOR_BODY} bytes.`)
}
