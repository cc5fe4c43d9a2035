import type { ActionErrorData } from '../types'
import type { ActionErrorReport, ErrorReporter } from './report-error'
import { BUILT_FOR_DEVELOPMENT, inDevelopment } from '../internal/dev-logger'
import { checkedEnvelope } from './internal/checked-envelope'

/**
 * Which error answers a production server logs: `'unexpected'` (the default:
 * INTERNAL_ERROR, OUTPUT_VALIDATION_ERROR, what handleServerError mapped, a
 * host error of 500 or more, each with its stack), `'all'` (those, and one
 * line for every other error answer) or `'off'`.
 */
export type LogErrors = 'unexpected' | 'all' | 'off'

const LOG_ERRORS: readonly LogErrors[] = ['unexpected', 'all', 'off']

/**
 * The `logErrors` option, checked: a TypeError naming where it came from and
 * the value given when it is none of the three.
 * @example
 * logErrorsOf(process.env.NUXT_ACTION_ROUTE_LOG_ERRORS, 'actionRoute') // 'off'
 */
export function logErrorsOf(value: unknown, source: string): LogErrors {
  if (value === undefined) return 'unexpected'
  if (LOG_ERRORS.includes(value as LogErrors)) return value as LogErrors
  throw new TypeError(`${source}: \`logErrors\` must be 'unexpected', 'all' or 'off', got ${JSON.stringify(value) ?? String(value)}`)
}

/**
 * What an app's `action-route:error` Nitro hook gets, once per unexpected
 * error of an action, before the client is answered. `error` is what was
 * thrown; `envelope` what the client will get. Assigning `envelope` (`{ code,
 * message, statusCode? }`) replaces the answer; what a hook returns is ignored.
 */
export interface ActionErrorHookContext<TEvent = unknown> {
  error: unknown
  event: TEvent
  action: { route: string, method: string }
  envelope: ActionErrorData
}

/** What the reporter uses of a Nitro app, the same on Nitro 2 and 3. */
export interface NitroAppLike {
  hooks: { callHook: (name: string, ...args: never[]) => unknown }
  // Nitro's context holds the event and tags; `action` rides along (Nitro 2 types it open, Nitro 3 passes it on)
  captureError?: (error: Error, context: { event?: unknown, tags?: string[], action?: { route: string, method: string, code: string } }) => void
}

/** Nitro's capture takes an Error: anything else thrown (a string, say) travels as its cause. */
function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error('A non-Error value was thrown in an action', { cause: thrown })
}

/**
 * The production log's first line, as Nitro 2 words an unhandled error of a plain handler: the code and status
 * the client got, and the ones the action made when an `action-route:error` hook mapped them.
 */
function logLine({ action, envelope }: ActionErrorReport, made: ActionErrorData = envelope): string {
  const line = `[request error] [action-route] [${action.method}] ${action.path} ${envelope.code} ${envelope.statusCode}`
  const mapped = made.code !== envelope.code || made.statusCode !== envelope.statusCode
  return mapped ? `${line} (mapped by an action-route:error hook from ${made.code} ${made.statusCode})` : line
}

/**
 * The reporter the Nuxt module's Nitro plugin sets (Nitro 2 and 3 alike). For
 * an unexpected error: Nitro's `captureError` with the event and tags naming
 * the action (so an app's `error` hook, and Sentry's Nuxt SDK, sees it), then
 * the app's `action-route:error` hooks, awaited, which may replace the
 * envelope, then one log line in production naming what the client got (and
 * what the action made, when a hook mapped it) with the original error and
 * its stack. With `logErrors: 'all'`,
 * one line for every other error answer. Development logs through its own
 * logger instead, so nothing is logged twice.
 * @example
 * export default (nitroApp) => setErrorReporter(createNitroErrorReporter(nitroApp, 'unexpected'))
 */
export function createNitroErrorReporter(nitroApp: NitroAppLike, logErrors: LogErrors): ErrorReporter {
  // the constant first: a production build folds it
  const log = !(BUILT_FOR_DEVELOPMENT === undefined ? inDevelopment() : BUILT_FOR_DEVELOPMENT) && logErrors !== 'off'
  return {
    expected: log && logErrors === 'all',
    report: (report) => {
      if (!report.unexpected) {
        console.warn(logLine(report))
        return
      }
      const { event, action, envelope, error } = report
      const tags = ['action-route', `route:${action.route}`, `method:${action.method}`, `code:${envelope.code}`]
      nitroApp.captureError?.(asError(error), { event, tags, action: { route: action.route, method: action.method, code: envelope.code } })
      // logged once the hooks have had their say: the log names the answer the client and the trace got
      return callErrorHooks(nitroApp, report).then(() => {
        if (log) console.error(`${logLine(report, envelope)}\n`, error)
      })
    },
  }
}

/** The app's `action-route:error` hooks, in order; the envelope they leave, checked, is the answer. */
async function callErrorHooks(nitroApp: NitroAppLike, report: ActionErrorReport): Promise<void> {
  const context: ActionErrorHookContext = {
    error: report.error,
    event: report.event,
    action: { route: report.action.route, method: report.action.method },
    envelope: { ...report.envelope },
  }
  try {
    await (nitroApp.hooks.callHook as (name: string, context: ActionErrorHookContext) => unknown)('action-route:error', context)
  }
  catch (hookError) {
    console.error('[action-route]', 'An action-route:error hook threw; the client got the envelope unchanged', hookError)
    return
  }
  report.envelope = checkedEnvelope(context.envelope, report.envelope)
}
