import { shallowRef } from 'vue'
import type { ShallowRef } from 'vue'
import type { ActionResult } from '../../../server/types'
import { newIdempotencyKey } from '../../idempotency/idempotency-key'

/** A form's `Idempotency-Key`: one per logical submit. */
export interface FormSubmitKey {
  /** The key the next submit sends (the page without JavaScript posts it in the form's query). */
  current: Readonly<ShallowRef<string>>
  /** The key for a submit of these entries (`formSnapshot`): the same as the last one's while it got no answer and the entries are the same. */
  forSubmit: (entries: string) => string
  /** After a submit's answer: a server's answer ends the logical submit; none (network, timeout, abort), or "still running", keeps its key for a retry. */
  settled: (result: ActionResult<unknown>) => void
}

/**
 * The `Idempotency-Key` of a form's submits, one per logical submit: a
 * submit sent again with the same entries after it got no answer (the
 * network failed, it timed out, or its first run is still going) sends the
 * same key, so an `idempotent()` route runs it once and answers it with the
 * first answer; any answer from the server, or changed entries, start a new
 * key. `first` is the key a page rendered on the server put in its form.
 * @example
 * const key = createFormSubmitKey()
 * await $action('/api/todos', { method: 'POST', input, idempotencyKey: key.forSubmit(formSnapshot(form)) })
 */
export function createFormSubmitKey(first: string = newIdempotencyKey()): FormSubmitKey {
  const current = shallowRef(first)
  let sentWith: string | undefined
  const renew = () => {
    current.value = newIdempotencyKey()
    sentWith = undefined
  }
  return {
    current,
    forSubmit(entries) {
      if (sentWith !== undefined && sentWith !== entries) renew()
      sentWith = entries
      return current.value
    },
    settled(result) {
      if (result.success || (result.error.statusCode !== 0 && result.error.code !== 'IDEMPOTENCY_KEY_IN_PROGRESS')) renew()
    },
  }
}
