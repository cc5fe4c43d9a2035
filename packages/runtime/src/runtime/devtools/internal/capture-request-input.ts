import type { InputLimits } from '../../server/body/action-defaults'
import { countMultipartEntries, countUrlencodedFields } from '../../server/body/count-form-entries'

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The input as the action will receive it, or a note on why it was not captured. */
export interface CapturedInput {
  input: unknown
  inputNote?: string
}

/** What the recorder reads of a request, whichever h3 major carries it. */
export interface CaptureRequest {
  method: string
  headers: Headers
  query: URLSearchParams
  /** Reads the body without taking it from the action: h3 v1's cached raw body, or a clone of h3 v2's Request. */
  readBody: () => Promise<Uint8Array | undefined>
}

/** The limits the capture honours, the action's own. */
export type CaptureLimits = Pick<InputLimits, 'maxBodySize' | 'maxFormFields' | 'maxFormFiles'>

/**
 * Reads the input the way the action's parse step will, on web standards, without taking
 * the body from the action (`readBody` leaves it readable). Bodies without a declared
 * length, or over the action's limit, are left alone so that the limit still refuses them
 * without reading them, and a form over the action's field or file limit is not built (the
 * action refuses it unbuilt, and the recorder must not cost more than the action).
 * Only what the recorder can redact field by field is kept: a malformed JSON body or one
 * of another type is described, never shown.
 * @example
 * const { input, inputNote } = await captureRequestInput({ method, headers, query, readBody }, { maxBodySize: 1048576, maxFormFields: 1000, maxFormFiles: 10 })
 */
export async function captureRequestInput(request: CaptureRequest, limits: CaptureLimits): Promise<CapturedInput> {
  const { maxBodySize } = limits
  if (!BODY_METHODS.has(request.method)) return { input: queryFields(request.query) }
  const declared = request.headers.get('content-length')
  if (declared === null) {
    return request.headers.get('transfer-encoding') ? { input: null, inputNote: 'streamed body, not captured' } : { input: {} }
  }
  if (Number(declared) > maxBodySize) return { input: null, inputNote: `body of ${declared} bytes is over the ${maxBodySize}-byte limit, not captured` }
  const body = await request.readBody()
  if (!body || body.byteLength === 0) return { input: {} }
  const contentType = request.headers.get('content-type') ?? ''
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase()
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    try {
      return { input: JSON.parse(new TextDecoder().decode(body)) }
    }
    catch {
      return { input: null, inputNote: `malformed JSON (${body.byteLength} bytes), not shown: it could not be redacted` }
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    if (countUrlencodedFields(body, limits.maxFormFields) > limits.maxFormFields) return formOverLimits(body, limits)
    return { input: collectFields(new URLSearchParams(new TextDecoder().decode(body))), inputNote: 'form fields' }
  }
  if (mediaType === 'multipart/form-data') {
    const count = countMultipartEntries(body, contentType, limits.maxFormFields)
    if (count.fields > limits.maxFormFields || count.files > limits.maxFormFiles) return formOverLimits(body, limits)
    // a Uint8Array is a valid body; the DOM typings want one over an ArrayBuffer only
    const form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData()
    const entries: [string, string][] = []
    form.forEach((value, name) => entries.push([name, typeof value === 'string' ? value : describeFile(value)]))
    return { input: collectFields(entries), inputNote: 'multipart form fields' }
  }
  return { input: null, inputNote: `${mediaType || 'no content type'} body (${body.byteLength} bytes), not shown` }
}

/**
 * The query as a plain object, a repeated name as an array, as the action's parse step reads it.
 * @example
 * queryFields(new URLSearchParams('tag=a&tag=b')) // { tag: ['a', 'b'] }
 */
export function queryFields(query: URLSearchParams): Record<string, string | string[]> {
  return collectFields(query)
}

function formOverLimits(body: Uint8Array, limits: Pick<InputLimits, 'maxFormFields' | 'maxFormFiles'>): CapturedInput {
  return { input: null, inputNote: `form (${body.byteLength} bytes) over the ${limits.maxFormFields}-field or ${limits.maxFormFiles}-file limit, not captured` }
}

/** Fields as a plain object; a repeated name becomes an array (grown in place), as the action's parse step does. */
function collectFields(entries: Iterable<[string, string]>): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {}
  for (const [name, value] of entries) {
    const previous = Object.hasOwn(fields, name) ? fields[name] : undefined
    if (Array.isArray(previous)) {
      previous.push(value)
      continue
    }
    const merged = previous === undefined ? value : [previous, value]
    Object.defineProperty(fields, name, { value: merged, enumerable: true, writable: true, configurable: true })
  }
  return fields
}

function describeFile(file: Blob & { name?: string }): string {
  return `[file ${file.name || 'unnamed'}: ${file.size} bytes${file.type ? `, ${file.type}` : ''}]`
}
