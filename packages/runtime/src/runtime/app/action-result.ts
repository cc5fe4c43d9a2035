import type { ActionErrorData, ActionResult } from '../server/types'

/**
 * Whether a value has the shape of the action envelope.
 * @example
 * isActionResult({ success: true, data: null }) // true
 */
export function isActionResult(value: unknown): value is ActionResult<unknown> {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as { success?: unknown, data?: unknown, error?: Partial<ActionErrorData> }
  if (candidate.success === true) return 'data' in candidate
  return candidate.success === false && typeof candidate.error === 'object' && candidate.error !== null
    && typeof candidate.error.code === 'string' && typeof candidate.error.message === 'string'
    && typeof candidate.error.statusCode === 'number'
}

/**
 * A failure envelope the client makes by itself (FETCH_ERROR, ABORT_ERROR...):
 * statusCode 0 when the server was not reached.
 * @example
 * clientError('ABORT_ERROR', 'The request was aborted') // { success: false, error: { code: 'ABORT_ERROR', ..., statusCode: 0 } }
 */
export function clientError(code: string, message: string, statusCode = 0): { success: false, error: ActionErrorData } {
  return { success: false, error: { code, message, statusCode } }
}
