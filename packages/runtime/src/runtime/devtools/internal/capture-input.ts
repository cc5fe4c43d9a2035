import type { H3Event } from 'h3'
import { getRequestURL, readRawBody } from 'h3'
import { captureRequestInput } from './capture-request-input'
import type { CapturedInput, CaptureLimits } from './capture-request-input'

export type { CapturedInput } from './capture-request-input'

/**
 * {@link captureRequestInput} on an h3 v1 event (Nitro 2: Nuxt 3 and 4): h3 caches the raw
 * body on the request, so the action reads the same bytes after the recorder.
 * @example
 * const { input, inputNote } = await captureInput(event, { maxBodySize: 1048576, maxFormFields: 1000, maxFormFiles: 10 })
 */
export function captureInput(event: H3Event, limits: CaptureLimits): Promise<CapturedInput> {
  return captureRequestInput({
    method: event.method,
    headers: event.headers,
    query: getRequestURL(event).searchParams,
    readBody: async () => await readRawBody(event, false) ?? undefined,
  }, limits)
}
