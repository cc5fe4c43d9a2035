import type { ActionErrorData } from '../types'
import { isActionError } from './action-error'
import type { ActionHost } from '../lifecycle/action-host'
import { checkedEnvelope } from './internal/checked-envelope'

/**
 * One error answer of an action, as the platform's reporter gets it. `error`
 * is what was thrown (`undefined` for the runtime's own refusals, such as
 * VALIDATION_ERROR); `envelope` is what the client will get: a reporter may
 * replace it, and only its code, message, statusCode and fieldErrors are sent.
 */
export interface ActionErrorReport<TEvent = unknown> {
  error: unknown
  event: TEvent
  /** Which action: its route pattern (`/api/todos/:id`), method and request path. */
  action: { route: string, method: string, path: string }
  envelope: ActionErrorData
  /** INTERNAL_ERROR, an error handleServerError mapped, OUTPUT_VALIDATION_ERROR or a host error of status 500 or more. */
  unexpected: boolean
}

/**
 * What the platform does with an action's error answers (the Nuxt module's
 * Nitro plugin sets one: Nitro's error capture, its `action-route:error` hook
 * and the production log). `expected` says whether it wants the answers that
 * are not unexpected too.
 */
export interface ErrorReporter {
  report: (report: ActionErrorReport) => void | Promise<void>
  expected: boolean
}

let reporter: ErrorReporter | undefined

/**
 * Sets (or, with `undefined`, removes) the platform's error reporter; the
 * Nuxt module's Nitro plugin calls it once at start-up. Without one, an error
 * answer costs nothing more.
 * @example
 * setErrorReporter({ expected: false, report: ({ error, event }) => nitroApp.captureError(error, { event }) })
 */
export function setErrorReporter(next: ErrorReporter | undefined): void {
  reporter = next
}

/**
 * Whether an error answer is a server fault the platform should hear of:
 * INTERNAL_ERROR (whatever its cause), OUTPUT_VALIDATION_ERROR, an error the
 * action's handleServerError mapped, or one of the host's own errors with a
 * status of 500 or more. An ActionError the app threw (declared or not), the
 * runtime's refusals of bad input and the host's 4xx errors are answers, not faults.
 */
function isUnexpected(thrown: unknown, envelope: ActionErrorData, hostError: ActionHost<unknown>['hostError']): boolean {
  if (envelope.code === 'INTERNAL_ERROR' || envelope.code === 'OUTPUT_VALIDATION_ERROR') return true
  try {
    if (isActionError(thrown)) return false
    if (hostError(thrown)) return envelope.statusCode >= 500
  }
  catch {
    // a thrown value that throws while it is read is a fault of its own
  }
  // what handleServerError mapped
  return true
}

/**
 * Marks an answer that nothing threw (a VALIDATION_ERROR the runtime refused the input with).
 * @example
 * if (invalid) return respondWithReportedError(event, host, invalid, NOTHING_THROWN)
 */
export const NOTHING_THROWN: unique symbol = Symbol('action-route.nothing-thrown')

/**
 * Hands an error answer to the platform's reporter, when there is one, and
 * gives back the envelope to send: the same one, or the one the reporter set
 * (checked, and copied down to its four fields). Synchronous unless the
 * reporter is asynchronous; a reporter that throws leaves the answer as it was.
 * @example
 * const envelope = reportError(event, host, toErrorEnvelope(thrown), thrown)
 * return envelope instanceof Promise ? envelope.then(sent => respondWithError(event, host, sent)) : respondWithError(event, host, envelope)
 */
export function reportError<TEvent>(
  event: TEvent,
  host: ActionHost<TEvent>,
  envelope: ActionErrorData,
  thrown: unknown,
): ActionErrorData | Promise<ActionErrorData> {
  const current = reporter
  if (!current) return envelope
  const unexpected = thrown !== NOTHING_THROWN && isUnexpected(thrown, envelope, host.hostError)
  if (!unexpected && !current.expected) return envelope
  const report: ActionErrorReport<TEvent> = {
    error: thrown === NOTHING_THROWN ? undefined : thrown,
    event,
    action: { route: host.route(event), method: host.method(event), path: host.path(event) },
    envelope,
    unexpected,
  }
  const failed = (problem: unknown): ActionErrorData => {
    console.error('[action-route]', 'Reporting an action\'s error failed; the client got the envelope unchanged', problem)
    return envelope
  }
  try {
    const done = current.report(report as ActionErrorReport)
    return done instanceof Promise
      ? done.then(() => checkedEnvelope(report.envelope, envelope), failed)
      : checkedEnvelope(report.envelope, envelope)
  }
  catch (problem) {
    return failed(problem)
  }
}
