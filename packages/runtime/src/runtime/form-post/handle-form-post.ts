import type { ActionErrorData, ActionResult } from '../server/types'
import type { InputLimits } from '../server/body/action-defaults'
import { createSensitiveNameTest } from '../server/sensitive-names'
import type { FormPostState } from '../app/forms/form-post'
import { FORM_FLASH_COOKIE, FORM_QUERY, formId } from '../app/forms/form-post'
import { formToInput } from '../app/forms/form-input'
import { isActionResult } from '../app/call/call-action'
import { createActionEventStream } from '../app/streams/action-event-stream'
import { FORWARDED_REQUEST_HEADERS, ssrCallHeaders, staysInApp } from '../app/call/forwarded-headers'
import { withIdempotencyKey } from '../app/idempotency/idempotency-key'
import { isCrossOrigin } from '../server/cross-origin/is-cross-origin'
import { clearFlashCookie, flashCookie, readFlashCookie } from './internal/flash-cookie'
import { readPostedForm, unsupportedFormType } from './internal/read-posted-form'
import { samePagePath } from './internal/page-path'
import { untilFirstRunSettles } from './internal/until-first-run-settles'

/** The page request, as both Nitro majors can give it. */
export interface FormPostRequest {
  method: string
  url: URL
  headers: Headers
  /** The whole body; called only once its declared length is within `maxBodySize`. */
  readBody: () => Promise<Uint8Array>
  /** The address the post came from, which the in-process call carries (rateLimit counts the poster). */
  clientAddress?: string
  /**
   * How the server itself was reached, `'http:'` or `'https:'`, for the
   * cross-origin guard; left out where the host cannot tell (a stand-in socket).
   */
  scheme?: string
}

/** Calls an action inside the app: `path` is the action's URL below the app's base. */
export type LocalFetch = (path: string, init: { method: string, headers: Record<string, string>, body: string | Uint8Array }) => Promise<Response>

/** What the page request becomes. */
export type FormPostOutcome
  = | { kind: 'pass' }
    | { kind: 'refuse', status: number, code: string, message: string }
    | { kind: 'redirect', location: string, setCookies: string[] }
    | { kind: 'render', status?: number, state: FormPostState, setCookies: string[] }

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const PASS: FormPostOutcome = { kind: 'pass' }
const isSecretName = createSensitiveNameTest()

const refuse = ({ statusCode, code, message }: ActionErrorData): FormPostOutcome => ({ kind: 'refuse', status: statusCode, code, message })

/** The page's own URL without the form's query, never off this origin: where a success redirects. */
function pageLocation(url: URL): string {
  const query = new URLSearchParams(url.search)
  for (const name of Object.values(FORM_QUERY)) query.delete(name)
  const search = query.toString()
  return search ? `${samePagePath(url)}?${search}` : samePagePath(url)
}

/**
 * A form's text entries, every text of each name (a multiple select's
 * choices, checked boxes of one name), to fill the fields again; files
 * cannot be, and a field whose name says it is secret (`password`,
 * `card_number`, `cvc`..., the DevTools recorder's rule) never goes back
 * to the page.
 */
function textValues(entries: Array<[string, FormDataEntryValue]>): Record<string, string[]> {
  const values: Record<string, string[]> = Object.create(null)
  for (const [name, value] of entries) {
    if (typeof value === 'string' && !name.split('.').some(isSecretName)) (values[name] ??= []).push(value)
  }
  return { ...values }
}

/** The action's input as the body of an in-app request: JSON, or multipart when it holds files. */
async function toBody(input: Record<string, unknown> | FormData): Promise<{ body: string | Uint8Array, contentType: string }> {
  if (!(input instanceof FormData)) return { body: JSON.stringify(input), contentType: 'application/json' }
  const encoded = new Request('http://form.invalid/', { method: 'POST', body: input })
  return { body: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! }
}

async function readEnvelope(response: Response): Promise<ActionResult<unknown>> {
  // a streaming action (its form got past the types): its final envelope; the events are read and dropped
  if (response.body && /^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '')) {
    return createActionEventStream(response.body, new AbortController()).result
  }
  const text = await response.text()
  let value: unknown
  try {
    value = JSON.parse(text)
  }
  catch {
    // not an envelope: answered below
  }
  return isActionResult(value)
    ? value
    : { success: false, error: { code: 'INVALID_RESPONSE', message: 'The server did not answer with an action envelope', statusCode: response.status } }
}

/**
 * The body of a refusal: the failure envelope an action answers with, so a
 * client reads every form-post refusal as it reads an action's.
 * @example
 * refusalBody({ kind: 'refuse', status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Form data has more than 1000 fields' })
 * // '{"success":false,"error":{"code":"PAYLOAD_TOO_LARGE","message":"Form data has more than 1000 fields","statusCode":413}}'
 */
export function refusalBody({ status, code, message }: Extract<FormPostOutcome, { kind: 'refuse' }>): string {
  return JSON.stringify({ success: false, error: { code, message, statusCode: status } })
}

/**
 * Whether a request may concern a form, from what costs nothing to read:
 * a POST with the form query, or a GET carrying the flash cookie. Every
 * other request (most of them) passes without its URL or headers parsed.
 * @example
 * mayConcernForms('POST', '/signup?__action=/api/signup', undefined) // true
 * mayConcernForms('GET', '/api/todos', 'session=1') // false
 */
export function mayConcernForms(method: string, path: string, cookie: string | null | undefined): boolean {
  return method === 'POST' ? path.includes(`${FORM_QUERY.action}=`) : method === 'GET' && cookie?.includes(FORM_FLASH_COOKIE) === true
}

/**
 * A page request seen by the form handler. A GET carrying a form's flash
 * cookie renders the success it holds (and clears it). A POST to a page
 * with the form query (`?__action=/api/signup`) runs that action
 * in-process with the posted fields as its input (dot paths nested, as the
 * browser's `useActionForm` does), the user's cookies and address, then answers 303
 * back to the page after a success, or renders the page with the error's
 * status (422 for field errors) and the posted values; a streaming action's
 * answer is read to its end and its final envelope taken. The form's
 * `Idempotency-Key` (`__idempotency` in the query) goes with the call, and a
 * duplicate post that `idempotent()` finds still running is sent again
 * until the first one's answer can be replayed (10 seconds at most). A post
 * from another site is refused (403) before anything is read; a body over `maxBodySize`
 * or without a length too (413, 411), and a form over the module's
 * `maxFormFields`, `maxFormFiles` or `maxJsonDepth` (413) before it is built,
 * as an action refuses them: every refusal is answered with an envelope.
 * Everything else passes untouched.
 * @example
 * const outcome = await handleFormPost(request, (path, init) => nitroApp.localFetch(path, init), actionDefaults)
 */
export async function handleFormPost(request: FormPostRequest, fetchLocal: LocalFetch, limits: InputLimits): Promise<FormPostOutcome> {
  if (request.method === 'GET') return readFlash(request)
  const target = request.method === 'POST' ? request.url.searchParams.get(FORM_QUERY.action) : null
  if (target === null) return PASS
  if (isCrossOrigin(name => request.headers.get(name), request.scheme)) return { kind: 'refuse', status: 403, code: 'CROSS_ORIGIN_REQUEST', message: 'A page of another origin cannot call this action' }
  const method = (request.url.searchParams.get(FORM_QUERY.method) ?? 'POST').toUpperCase()
  // an action's URL as useActionForm builds it: a path of this app, no query (so never another form post)
  if (!staysInApp(target) || /[?#]/.test(target) || !BODY_METHODS.has(method)) return { kind: 'refuse', status: 400, code: 'BAD_REQUEST', message: 'The form names no action of this app' }
  const length = request.headers.get('content-length')
  if (length === null) return { kind: 'refuse', status: 411, code: 'LENGTH_REQUIRED', message: 'A form post needs a Content-Length' }
  if (Number(length) > limits.maxBodySize) return { kind: 'refuse', status: 413, code: 'PAYLOAD_TOO_LARGE', message: `Request body is larger than ${limits.maxBodySize} bytes` }
  const postedType = request.headers.get('content-type') ?? ''
  const unsupported = unsupportedFormType(postedType)
  if (unsupported) return refuse(unsupported)

  const form = await readPostedForm(await request.readBody(), postedType, limits)
  if (!Array.isArray(form)) return refuse(form)
  const { body, contentType } = await toBody(formToInput(form))
  const pageHeaders = Object.fromEntries(FORWARDED_REQUEST_HEADERS.map(name => [name, request.headers.get(name) ?? undefined]))
  // the form's Idempotency-Key, one per rendered form: a duplicate post (a double click) waits for the first one's answer
  const idempotencyKey = request.url.searchParams.get(FORM_QUERY.idempotency) ?? undefined
  const headers = withIdempotencyKey(method, {
    headers: { ...ssrCallHeaders(target, pageHeaders, {}, request.clientAddress), 'content-type': contentType, 'accept': 'application/json' },
    idempotencyKey,
  })!
  const send = async () => {
    const response = await fetchLocal(target, { method, headers, body })
    return { response, result: await readEnvelope(response) }
  }
  const { response, result } = idempotencyKey === undefined
    ? await send()
    : await untilFirstRunSettles(send, ({ result }) => !result.success && result.error.code === 'IDEMPOTENCY_KEY_IN_PROGRESS')
  const setCookies = response.headers.getSetCookie()
  const id = formId(method, target, request.url.searchParams.get(FORM_QUERY.key) ?? undefined)
  if (!result.success) {
    return { kind: 'render', status: result.error.statusCode || 500, state: { form: id, values: textValues(form), result }, setCookies }
  }
  const secure = request.url.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https'
  setCookies.push(flashCookie(samePagePath(request.url), { form: id, data: result.data }, secure))
  return { kind: 'redirect', location: pageLocation(request.url), setCookies }
}

/** Whether a GET is the browser loading a page (not an asset or a fetch under the page's path). */
function loadsPage(headers: Headers): boolean {
  const destination = headers.get('sec-fetch-dest')
  return destination === null ? (headers.get('accept') ?? '').includes('text/html') : destination === 'document'
}

function readFlash(request: FormPostRequest): FormPostOutcome {
  const flash = loadsPage(request.headers) ? readFlashCookie(request.headers.get('cookie')) : undefined
  if (!flash) return PASS
  return {
    kind: 'render',
    state: { form: flash.form, values: {}, result: { success: true, data: flash.data } },
    setCookies: [clearFlashCookie(samePagePath(request.url))],
  }
}
