import type { H3Event } from 'h3'
import { getQuery, getRequestHeader, readRawBody } from 'h3'

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const TEXT_PREVIEW = 4096

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
  const text = new TextDecoder().decode(body)
  const mediaType = (getRequestHeader(event, 'content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase()
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    try {
      return { input: JSON.parse(text) }
    }
    catch {
      return { input: text.slice(0, TEXT_PREVIEW), inputNote: 'malformed JSON, shown as text' }
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded') return { input: Object.fromEntries(new URLSearchParams(text)), inputNote: 'form fields' }
  return { input: text.slice(0, TEXT_PREVIEW), inputNote: `${mediaType || 'no content type'}, shown as text` }
}
