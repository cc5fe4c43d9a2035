import type { ActionResult } from '../../server/types'

/**
 * The query a form without JavaScript posts to its own page with: the
 * action's URL (params filled in), its method when not POST, the form's
 * key when the page has several forms for one action, and the submit's
 * `Idempotency-Key` (one per rendered form).
 */
export const FORM_QUERY = { action: '__action', method: '__method', key: '__form', idempotency: '__idempotency' } as const

/** The short-lived cookie that carries a success across the 303 redirect. */
export const FORM_FLASH_COOKIE = 'action-route-form'

/**
 * What the server hands the page it renders after a form post: the form it
 * was for, the posted text fields (every text of each name, to show them
 * again) and the action's answer.
 */
export interface FormPostState {
  form: string
  values: Record<string, string[]>
  result: ActionResult<unknown>
}

/**
 * The name of one form: its method, the action URL and its key, which both
 * the page and the server compute from the posted query.
 * @example
 * formId('POST', '/api/signup') // 'POST /api/signup'
 */
export function formId(method: string, url: string, key?: string): string {
  return key ? `${method} ${url} ${key}` : `${method} ${url}`
}

/** Where the server puts a form post's state for the page's render (`event.context`). */
export const FORM_CONTEXT_KEY = 'actionRouteForm'
