import type { H3Event } from 'h3'
import { getRequestWebStream, getRouterParams, readRawBody } from 'h3'
import { parseQuery } from 'ufo'
import { createActionError } from '../errors'
import { isUnsafeKey, parseJsonSafely } from '../internal/safe-json'
import type { InputLimits } from '../internal/action-defaults'
import { actionDefaults } from '../internal/action-defaults'
import { countMultipartEntries, countUrlencodedFields } from '../internal/count-form-entries'
import { isNestedDeeperThan } from '../internal/json-depth'

/**
 * Whether the input is the body. Compared, not looked up in a Set: h3 upper-cases
 * the method into a new string, which a Set would hash on every request.
 */
function hasBody(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE'
}
const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Step 1: reads the input. GET, HEAD and methods without a body read the
 * query (synchronously); POST, PUT, PATCH and DELETE read the body as JSON or
 * form data, within the action's limits (each one it leaves out is the
 * module-wide default).
 * @example
 * let input = parseInput(event, { maxJsonDepth: 16 })
 * if (input instanceof Promise) input = await input
 */
export function parseInput(event: H3Event, limits: Partial<InputLimits>): unknown {
  return hasBody(event.method) ? parseBody(event, limits) : queryOfPath(event.path)
}

/**
 * The query of a request path, parsed as h3's `getQuery` parses it (by ufo's
 * `parseQuery`: repeated keys become arrays, `__proto__` and `constructor` are
 * dropped; `prototype` is dropped here) without first taking the whole URL
 * apart with three regular expressions: the query is what lies between the
 * first `?` and a `#`.
 * @example
 * queryOfPath('/todos?tag=a&tag=b&prototype=x') // { tag: ['a', 'b'] }
 */
export function queryOfPath(path: string): Record<string, unknown> {
  const start = path.indexOf('?')
  if (start === -1) return {}
  const hash = path.indexOf('#')
  if (hash !== -1 && hash < start) return {}
  const query = parseQuery(hash === -1 ? path.slice(start) : path.slice(start, hash))
  if (query.prototype !== undefined) delete query.prototype
  return query
}

/**
 * Step 1, the route params, URI-decoded. A route without params (most) gets a
 * fresh empty object without h3's copy-and-decode pass.
 */
export function parseRouteParams(event: H3Event): Record<string, string> {
  // only asks whether there is a key
  for (const _key in event.context.params) return getRouterParams(event, { decode: true })
  return {}
}

async function parseBody(event: H3Event, limits: Partial<InputLimits>): Promise<unknown> {
  // read in place: h3's getRequestHeader copies every header on each call. Node keeps one value of
  // Content-Type and Content-Length (a repeated one is dropped or refused), so both are strings here.
  const headers = event.node.req.headers
  const body = await readBodyWithLimit(event, headers['content-length'], limits.maxBodySize ?? actionDefaults.maxBodySize)
  if (body === undefined || body.byteLength === 0) return {}
  const contentType = headers['content-type'] ?? ''
  const maxJsonDepth = limits.maxJsonDepth ?? actionDefaults.maxJsonDepth
  // the common case answers without splitting: a bare `application/json`
  if (contentType === 'application/json') return parseJsonBody(body, maxJsonDepth)
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase()
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) return parseJsonBody(body, maxJsonDepth)
  if (mediaType === 'application/x-www-form-urlencoded' || mediaType === 'multipart/form-data') {
    assertFormWithinLimits(body, mediaType, contentType, limits)
    return parseFormBody(body, contentType)
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
 * A declared Content-Length over the limit is refused before any byte is read.
 * A chunked body is read to its end (so the connection stays usable) but no
 * byte past the limit is kept.
 */
function readBodyWithLimit(event: H3Event, declared: string | undefined, maxBodySize: number): Promise<Uint8Array | undefined> {
  if (declared !== undefined) {
    if (Number(declared) > maxBodySize) return Promise.reject(payloadTooLarge(`Request body is larger than ${maxBodySize} bytes`))
    return readDeclaredBody(event)
  }
  return readStreamWithLimit(event, maxBodySize)
}

/** Where h3 keeps a request's body once read, so that `readRawBody(event)` in a handler still gets it. */
const rawBodyKey = Symbol.for('h3RawBody')

/**
 * A body of declared length, read straight from Node's request: Node's parser
 * already holds it to that length, so h3's checks of the method and the
 * headers would be repeated work, and a body in one chunk is used as is
 * rather than copied. A body something else provides or has read (Nitro's
 * in-process fetch, an earlier `readRawBody`) is left to h3, which knows where
 * each keeps it.
 */
function readDeclaredBody(event: H3Event): Promise<Uint8Array | undefined> {
  const request = event.node.req as H3Event['node']['req'] & { [rawBodyKey]?: Promise<Uint8Array> }
  if (event._requestBody || event.web?.request || rawBodyKey in request || 'rawBody' in request || 'body' in request || '__unenv__' in request) {
    return readRawBody(event, false)
  }
  const body = new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = []
    request
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)))
      .on('error', reject)
  })
  request[rawBodyKey] = body
  return body
}

async function readStreamWithLimit(event: H3Event, maxBodySize: number): Promise<Uint8Array | undefined> {
  const stream = getRequestWebStream(event)
  if (!stream) return undefined
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength
    if (size <= maxBodySize) chunks.push(chunk)
  }
  if (size > maxBodySize) throw payloadTooLarge(`Request body is larger than ${maxBodySize} bytes`)
  return concatChunks(chunks, size)
}

function concatChunks(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

/**
 * A JSON body to a value. Nesting past the limit is refused before decoding:
 * the parse itself survives 100,000 levels, but what comes after (a schema,
 * the answer's JSON.stringify, the handler's own walk) recurses and overflows.
 */
function parseJsonBody(body: Uint8Array, maxJsonDepth: number): unknown {
  if (isNestedDeeperThan(body, maxJsonDepth)) throw payloadTooLarge(`Request body is nested deeper than ${maxJsonDepth} levels`)
  try {
    return parseJsonSafely(utf8.decode(body))
  }
  catch {
    throw invalidJson()
  }
}

function invalidJson() {
  return createActionError({ code: 'PARSE_ERROR', message: 'Invalid JSON in request body', statusCode: 400 })
}

/** Form fields to a plain object: repeated keys become arrays, files stay `File`. */
async function parseFormBody(body: Uint8Array, contentType: string): Promise<Record<string, unknown>> {
  let form: FormData
  try {
    form = await new Response(body as BodyInit, { headers: { 'content-type': contentType } }).formData()
  }
  catch {
    throw createActionError({ code: 'PARSE_ERROR', message: 'Invalid form data in request body', statusCode: 400 })
  }
  const fields: Record<string, unknown> = {}
  for (const [key, value] of form) {
    if (isUnsafeKey(key)) continue
    if (!Object.hasOwn(fields, key)) fields[key] = value
    else if (Array.isArray(fields[key])) (fields[key] as unknown[]).push(value)
    else fields[key] = [fields[key], value]
  }
  return fields
}
