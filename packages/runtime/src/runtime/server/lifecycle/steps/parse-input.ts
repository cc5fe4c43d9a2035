import { createActionError } from '../../errors/action-error'
import type { ActionHost } from '../action-host'
import { bodyTooLarge } from '../../body/read-stream'
import { parseJsonSafely } from '../../internal/safe-json'
import { fieldsOf } from '../../body/fields-of'
import type { InputLimits } from '../../body/action-defaults'
import { actionDefaults } from '../../body/action-defaults'
import { countMultipartEntries, countUrlencodedFields } from '../../body/count-form-entries'
import { isNestedDeeperThan } from '../../body/json-depth'
import { refuseCrossOrigin } from '../../cross-origin/refuse-cross-origin'

/**
 * Whether the input is the body. Compared, not looked up in a Set: h3 v1
 * upper-cases the method into a new string, which a Set would hash on every request.
 */
function hasBody(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE'
}
const utf8 = new TextDecoder('utf-8', { fatal: true })
const lenientUtf8 = new TextDecoder('utf-8')
const utf8Encoder = new TextEncoder()

/**
 * Step 1: reads the input. GET, HEAD and methods without a body read the
 * query (synchronously); POST, PUT, PATCH and DELETE read the body as JSON or
 * form data, within the action's limits (each one it leaves out is the
 * module-wide default). The query is the host's own reading of it
 * (`ActionHost.query`), so it is what h3's `getQuery` gives on that host.
 * Before any body is read, a request that a browser marks as from another
 * origin, and not from one of `trustedOrigins`, is refused with
 * CROSS_ORIGIN_REQUEST 403 (whatever its content type).
 * @example
 * let input = parseInput(event, host, { maxJsonDepth: 16 }, new Set())
 * if (input instanceof Promise) input = await input
 */
export function parseInput<TEvent>(event: TEvent, host: ActionHost<TEvent>, limits: Partial<InputLimits>, trustedOrigins: ReadonlySet<string>): unknown {
  if (!hasBody(host.method(event))) return host.query(event)
  refuseCrossOrigin(event, host, trustedOrigins)
  return parseBody(event, host, limits)
}

/**
 * A declared Content-Length over the limit is refused before any byte is read;
 * the host reads the rest (a body without a length to its end, keeping no byte
 * past the limit). A body declared but never passed on (Nitro's Workers preset
 * sends none for DELETE and keeps the Content-Length) reads as no body. A JSON
 * body of declared length may come as text, where the host decodes faster.
 */
async function parseBody<TEvent>(event: TEvent, host: ActionHost<TEvent>, limits: Partial<InputLimits>): Promise<unknown> {
  const maxBodySize = limits.maxBodySize ?? actionDefaults.maxBodySize
  const declared = host.header(event, 'content-length')
  if (declared !== undefined && Number(declared) > maxBodySize) throw bodyTooLarge(maxBodySize)
  const contentType = host.header(event, 'content-type') ?? ''
  // the common case answers without splitting: a bare `application/json`
  const mediaType = contentType === 'application/json' ? contentType : contentType.split(';', 1)[0]!.trim().toLowerCase()
  const isJson = mediaType === 'application/json' || mediaType.endsWith('+json')
  const body = await host.readBody(event, maxBodySize, declared !== undefined, isJson)
  if (body === undefined || body.length === 0) return {}
  if (isJson) return parseJsonBody(body, limits.maxJsonDepth ?? actionDefaults.maxJsonDepth, declared)
  if (typeof body !== 'string' && (mediaType === 'application/x-www-form-urlencoded' || mediaType === 'multipart/form-data')) {
    assertFormWithinLimits(body, mediaType, contentType, limits)
    return parseFormBody(body, mediaType, contentType)
  }
  throw createActionError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported Content-Type: send application/json, application/x-www-form-urlencoded or multipart/form-data',
    statusCode: 415,
  })
}

function payloadTooLarge(message: string) {
  return createActionError({ code: 'PAYLOAD_TOO_LARGE', message, statusCode: 413 })
}

/**
 * Refuses a form of more fields or files than the limits, counted from its
 * bytes before anything builds it: building a form costs far more than
 * counting, and it would run for every action, whatever its schema.
 */
function assertFormWithinLimits(body: Uint8Array, mediaType: string, contentType: string, limits: Partial<InputLimits>): void {
  const maxFormFields = limits.maxFormFields ?? actionDefaults.maxFormFields
  const { fields, files } = mediaType === 'multipart/form-data'
    ? countMultipartEntries(body, contentType, maxFormFields)
    : { fields: countUrlencodedFields(body, maxFormFields), files: 0 }
  if (fields > maxFormFields) throw payloadTooLarge(`Form data has more than ${maxFormFields} fields`)
  const maxFormFiles = limits.maxFormFiles ?? actionDefaults.maxFormFiles
  if (files > maxFormFiles) throw payloadTooLarge(`Form data has more than ${maxFormFiles} files`)
}

/**
 * A JSON body to a value. Nesting past the limit is refused before parsing:
 * the parse itself survives 100,000 levels, but what comes after (a schema,
 * the answer's JSON.stringify, the handler's own walk) recurses and overflows.
 * Bytes that are not UTF-8 are refused: decoded here with a fatal decoder;
 * decoded by the host (text), they became U+FFFD, each longer or as long as
 * what it replaced, so a text holding one whose UTF-8 length is not the
 * declared length was not UTF-8.
 */
function parseJsonBody(body: Uint8Array | string, maxJsonDepth: number, declared: string | undefined): unknown {
  const text = jsonText(body, declared)
  if (isNestedDeeperThan(text, maxJsonDepth)) throw payloadTooLarge(`Request body is nested deeper than ${maxJsonDepth} levels`)
  try {
    return parseJsonSafely(text)
  }
  catch {
    throw invalidJson()
  }
}

/** The body as UTF-8 text, without a byte-order mark (a standard UTF-8 decode drops it, Node's Buffer decode keeps it). */
function jsonText(body: Uint8Array | string, declared: string | undefined): string {
  if (typeof body !== 'string') {
    try {
      return utf8.decode(body)
    }
    catch {
      throw invalidJson()
    }
  }
  if (body.includes('\uFFFD') && utf8Encoder.encode(body).byteLength !== Number(declared)) throw invalidJson()
  return body.charCodeAt(0) === 0xFEFF ? body.slice(1) : body
}

function invalidJson() {
  return createActionError({ code: 'PARSE_ERROR', message: 'Invalid JSON in request body', statusCode: 400 })
}

/**
 * Form fields to a plain object: repeated keys become arrays, files stay
 * `File`. A urlencoded body is read by `URLSearchParams` itself (what Node's
 * `formData()` does), since workerd's `formData()` decodes a stray `%` differently.
 */
async function parseFormBody(body: Uint8Array, mediaType: string, contentType: string): Promise<Record<string, unknown>> {
  let form: Iterable<[string, unknown]>
  if (mediaType === 'application/x-www-form-urlencoded') {
    form = new URLSearchParams(lenientUtf8.decode(body))
  }
  else {
    try {
      form = await new Response(body as BodyInit, { headers: { 'content-type': contentType } }).formData()
    }
    catch {
      throw createActionError({ code: 'PARSE_ERROR', message: 'Invalid form data in request body', statusCode: 400 })
    }
  }
  return fieldsOf(form)
}
