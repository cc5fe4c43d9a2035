import type { H3Event } from 'h3'
import { getResponseStatus, setResponseHeader, setResponseStatus } from 'h3'
import type { ActionErrorData } from '../types'
import { toErrorEnvelope } from '../to-error-envelope'
import { invalidErrorField } from '../internal/sendable-error'

/**
 * Whether a status the handler set can answer a success: a 2xx that carries a
 * body. 204 and 205 cannot (nor 1xx, 304), and the envelope is always sent.
 */
function isSuccessStatusWithBody(status: number): boolean {
  return status >= 200 && status <= 299 && status !== 204 && status !== 205
}

/**
 * Step 6, success: 200, or the status the handler set (201, 202...) when it
 * can carry the envelope. The envelope is serialised here so that a value JSON
 * cannot hold (BigInt, a cycle) still answers with an envelope.
 */
export function respondWithData(event: H3Event, data: unknown): string {
  let body: string
  try {
    body = JSON.stringify({ success: true, data })
  }
  catch (error) {
    return respondWithError(event, toErrorEnvelope(error))
  }
  const status = getResponseStatus(event)
  // with its reason phrase, or one the handler set for its status would stay
  if (!isSuccessStatusWithBody(status)) setResponseStatus(event, 200, 'OK')
  setResponseHeader(event, 'content-type', 'application/json')
  return body
}

/**
 * Step 6, failure: the HTTP status is the error's statusCode. Error data that
 * could not be sent as it is (a status outside 400 to 599, say) answers
 * INTERNAL_ERROR, so the status and the envelope always agree.
 */
export function respondWithError(event: H3Event, error: ActionErrorData): string {
  const invalid = invalidErrorField(error)
  if (invalid) error = toErrorEnvelope(new TypeError(`An error envelope could not be sent as it is (${invalid})`))
  setResponseStatus(event, error.statusCode)
  setResponseHeader(event, 'content-type', 'application/json')
  return JSON.stringify({ success: false, error })
}
