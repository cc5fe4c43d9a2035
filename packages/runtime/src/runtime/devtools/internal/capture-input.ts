import type { H3Event } from 'h3'
import { getQuery, getRequestHeader, readMultipartFormData, readRawBody } from 'h3'

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
 * left alone so that the limit still refuses them without reading them.
 * Only what the recorder can redact field by field is kept: a malformed JSON
 * body or one of another type is described, never shown.
 * @example
 * const { input, inputNote } = await captureInput(event, 1024 * 1024)
 */
export async function captureInput(event: H3Event, maxBodySize: number): Promise<CapturedInput> {
  if (!BODY_METHODS.has(event.method)) return { input: getQuery(event) }
  const declared = getRequestHeader(event, 'content-length')
  if (declared === undefined) {
    return getRequestHeader(event, 'transfer-encoding') ? { input: null, inputNote: 'streamed body, not captured' } : { input: {} }
  }
  if (Number(declared) > maxBodySize) return { input: null, inputNote: `body of ${declared} bytes is over the ${maxBodySize}-byte limit, not captured` }
  const body = await readRawBody(event, false)
  if (!body || body.byteLength === 0) return { input: {} }
  const mediaType = (getRequestHeader(event, 'content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase()
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    try {
      return { input: JSON.parse(new TextDecoder().decode(body)) }
    }
    catch {
      return { input: null, inputNote: `malformed JSON (${body.byteLength} bytes), not shown: it could not be redacted` }
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded') return { input: collectFields(new URLSearchParams(new TextDecoder().decode(body))), inputNote: 'form fields' }
  if (mediaType === 'multipart/form-data') {
    const parts = await readMultipartFormData(event)
    return { input: collectFields((parts ?? []).map(part => [part.name ?? '', part.filename === undefined ? part.data.toString('utf8') : describeFile(part)])), inputNote: 'multipart form fields' }
  }
  return { input: null, inputNote: `${mediaType || 'no content type'} body (${body.byteLength} bytes), not shown` }
}

/** Fields as a plain object; a repeated name becomes an array, as the action's parse step does. */
function collectFields(entries: Iterable<[string, string]>): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {}
  for (const [name, value] of entries) {
    const previous = Object.hasOwn(fields, name) ? fields[name] : undefined
    const merged = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value]
    Object.defineProperty(fields, name, { value: merged, enumerable: true, writable: true, configurable: true })
  }
  return fields
}

function describeFile(part: { filename?: string, type?: string, data: Uint8Array }): string {
  return `[file ${part.filename || 'unnamed'}: ${part.data.byteLength} bytes${part.type ? `, ${part.type}` : ''}]`
}
