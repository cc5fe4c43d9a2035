import type { CreateActionRequest, CreateActionResponse, OpenInEditorRequest, RegistryResponse, RequestRecord, ScaffoldOptions, StreamMessage } from '../shared/types'
import { DEVTOOLS_TOKEN_HEADER } from '../shared/types'
import { readDevTokens } from './dev-token'
import { readEventStream } from './logic/event-stream'
import type { OpenApiDocumentLike } from './logic/openapi-of-route'

// the panel is served at <base>/client/, the endpoints at <base>/api/
const apiBase = new URL('../api/', window.location.href)

/** The server refused the call: no dev auth token, or not the right one. */
export class AccessRefusedError extends Error {
  constructor() {
    super('The Actions endpoints need Nuxt DevTools\' authorisation')
    this.name = 'AccessRefusedError'
  }
}

/** Calls an endpoint with the dev auth tokens (the server takes any one it knows); a 403 becomes an AccessRefusedError. */
async function callEndpoint(path: string, init: RequestInit = {}, tokens = readDevTokens()): Promise<Response> {
  const headers = new Headers(init.headers)
  if (tokens.length > 0) headers.set(DEVTOOLS_TOKEN_HEADER, tokens.join(', '))
  const response = await fetch(new URL(path, apiBase), { ...init, headers, cache: 'no-store' })
  if (response.status === 403) throw new AccessRefusedError()
  return response
}

/** The registry: every route, actions described in full. */
export async function fetchRegistry(): Promise<RegistryResponse> {
  return registryFrom(await callEndpoint('routes'))
}

/** The registry read from an answer of `GET routes` made elsewhere (index.html's early request); a 403 becomes an AccessRefusedError. */
export async function registryFrom(response: Response): Promise<RegistryResponse> {
  if (response.status === 403) throw new AccessRefusedError()
  if (!response.ok) throw new Error(`GET routes answered ${response.status}`)
  return response.json() as Promise<RegistryResponse>
}

/** The records the server still holds, oldest first. */
export async function fetchRecords(): Promise<RequestRecord[]> {
  const response = await callEndpoint('records')
  if (!response.ok) throw new Error(`GET records answered ${response.status}`)
  return response.json() as Promise<RequestRecord[]>
}

/** Forgets every record, on the server and in every open panel. */
export async function clearRecords(): Promise<void> {
  await callEndpoint('records', { method: 'DELETE' })
}

/** What the "New action" form offers: schema libraries (the detected first), shared middleware, methods. */
export async function fetchScaffold(): Promise<ScaffoldOptions> {
  const response = await callEndpoint('scaffold')
  if (!response.ok) throw new Error(`GET scaffold answered ${response.status}`)
  return response.json() as Promise<ScaffoldOptions>
}

/** How `POST /api/actions` answered: the files (written, or previewed), an existing file, or a refusal. */
export type CreateActionResult
  = | { outcome: 'done', response: CreateActionResponse }
    | { outcome: 'exists', file: string, message: string }
    | { outcome: 'refused', message: string, file?: string }

/**
 * Writes an action as `create-action` would, or with `dryRun` only renders it.
 * An existing route file comes back as `exists` (nothing written) until the
 * request says `overwrite: true`.
 */
export async function createAction(request: CreateActionRequest): Promise<CreateActionResult> {
  const response = await callEndpoint('actions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) })
  const body = await response.json().catch(() => null) as { error?: { message?: string, file?: string } } | null
  if (response.ok) return { outcome: 'done', response: body as CreateActionResponse }
  const message = body?.error?.message ?? `POST actions answered ${response.status}`
  if (response.status === 409) return { outcome: 'exists', file: body?.error?.file ?? '', message }
  // a route another file answers already names that file
  return { outcome: 'refused', message, ...(body?.error?.file && { file: body.error.file }) }
}

/**
 * Asks the dev server to open a file of the app in the developer's editor (the
 * module's own endpoint, behind the same token as the rest); false when it
 * could not (no such file, no editor found).
 */
export async function openFileInEditor(request: OpenInEditorRequest): Promise<boolean> {
  try {
    const response = await callEndpoint('open-in-editor', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) })
    return response.ok
  }
  catch {
    return false
  }
}

/** The OpenAPI 3.1 document of the app's actions, as `nuxi dev` makes it now. */
export async function fetchOpenApiDocument(): Promise<OpenApiDocumentLike> {
  const response = await callEndpoint('openapi.json')
  if (!response.ok) throw new Error(`GET openapi.json answered ${response.status}`)
  return response.json() as Promise<OpenApiDocumentLike>
}

/** True when the server accepts `token`: the check behind the panel's "paste the token" field. */
export async function isTokenAccepted(token: string): Promise<boolean> {
  try {
    return (await callEndpoint('routes', {}, [token])).ok
  }
  catch {
    return false
  }
}

/** Where the live stream stands. */
export type StreamStatus = 'open' | 'closed' | 'refused'

const RECONNECT_MS = 1000
const STREAM_MESSAGES = new Set<string>(['record', 'stream-event', 'clear', 'routes-changed'] satisfies StreamMessage['type'][])

/**
 * Listens to the live stream with fetch (EventSource cannot send the token),
 * reconnecting after a drop; stops for good when the server refuses.
 * Returns a function that stops listening.
 */
export function subscribeToRecords(onMessage: (message: StreamMessage) => void, onStatus: (status: StreamStatus) => void): () => void {
  const controller = new AbortController()
  const { signal } = controller
  // the id of the Nitro that sent the last event: a new Nitro (restarted after a route file changed) answers a
  // reconnect carrying another one with `routes-changed`
  let lastEventId: string | undefined
  void (async () => {
    while (!signal.aborted) {
      try {
        const headers: Record<string, string> = { accept: 'text/event-stream', ...(lastEventId && { 'last-event-id': lastEventId }) }
        const response = await callEndpoint('stream', { signal, headers })
        if (response.ok && response.body) {
          onStatus('open')
          await readEventStream(response.body, (event) => {
            lastEventId = event.id ?? lastEventId
            if (STREAM_MESSAGES.has(event.event)) onMessage(JSON.parse(event.data) as StreamMessage)
          })
        }
      }
      catch (error) {
        if (error instanceof AccessRefusedError) {
          onStatus('refused')
          return
        }
      }
      if (signal.aborted) return
      onStatus('closed')
      await new Promise(done => setTimeout(done, RECONNECT_MS))
    }
  })()
  return () => controller.abort()
}
