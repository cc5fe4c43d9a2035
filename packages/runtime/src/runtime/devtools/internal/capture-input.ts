import type { H3Event } from 'h3'
import { getQuery, getRequestHeader, readMultipartFormData, readRawBody } from 'h3'
import type { InputLimits } from '../../server/internal/action-defaults'
import { countMultipartEntries, countUrlencodedFields } from '../../server/internal/count-form-entries'

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The input as the action will receive it, or a note on why it was not captured. */
export interface CapturedInput {
  input: unknown
  inputNote?: string
}

/**
 * Reads the input the way the action's parse step will, without taking it
 * away: h3 caches the raw body on the request, so the action reads the same
 * bytes. Bodies without a declared length, or over the action's limit, are
 * left alone so that the limit still refuses them without reading them, and a
 * form over the action's field or file limit is not built (the action refuses
 * it unbuilt, and the recorder must not cost more than the action).
 * Only what the recorder can redact field by field is kept: a malformed JSON
 * body or one of another type is described, never shown.
 * @example
 * const { input, inputNote } = await captureInput(event, { maxBodySize: 1048576, maxFormFields: 1000, maxFormFiles: 10 })
 */
export async function captureInput(event: H3Event, limits: Pick<InputLimits, 'maxBodySize' | 'maxFormFields' | 'maxFormFiles'>): Promise<CapturedInput> {
  const { maxBodySize } = limits
  if (!BODY_METHODS.has(event.method)) return { input: getQuery(event) }
  const declared = getRequestHeader(event, 'content-length')
  if (declared === undefined) {
    return getRequestHeader(event, 'transfer-encoding') ? { input: null, inputNote: 'streamed body, not captured' } : { input: {} }
  }
  if (Number(declared) > maxBodySize) return { input: null, inputNote: `body of ${declared} bytes is over the ${maxBodySize}-byte limit, not captured` }
  const body = await readRawBody(event, false)
  if (!body || body.byteLength === 0) return { input: {} }
  const contentType = getRequestHeader(event, 'content-type') ?? ''
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
    const parts = await readMultipartFormData(event)
    return { input: collectFields((parts ?? []).map(part => [part.name ?? '', part.filename === undefined ? part.data.toString('utf8') : describeFile(part)])), inputNote: 'multipart form fields' }
  }
  return { input: null, inputNote: `${mediaType || 'no content type'} body (${body.byteLength} bytes), not shown` }
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

function describeFile(part: { filename?: string, type?: string, data: Uint8Array }): string {
  return `[file ${part.filename || 'unnamed'}: ${part.data.byteLength} bytes${part.type ? `, ${part.type}` : ''}]`
}
