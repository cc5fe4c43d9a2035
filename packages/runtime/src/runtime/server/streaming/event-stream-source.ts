import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { ActionErrorData, ServerErrorHandler } from '../types'
import type { ErrorDeclarations } from '../errors/declared-errors'
import { validateOutput } from '../lifecycle/steps/validate-output'
import type { ActionHost } from '../lifecycle/action-host'
import { ActionCall } from '../lifecycle/action-call'
import type { EventStreamStart } from './event-stream-start'
import { traceOf } from '../tracing/lifecycle-trace'
import { reportError } from '../errors/report-error'
import { recordAnswer } from '../idempotency/idempotency-answer'
import { invalidErrorField } from '../errors/sendable-error'
import { eventJson, SSE_HEARTBEAT, sseEnd, sseMessage } from './sse'
import { toErrorEnvelope } from '../errors/to-error-envelope'
import { logInDevelopment } from '../internal/dev-logger'
import type { EventSink, EventStreamSource } from './event-sink'

/** What an action's options say of its stream. */
export interface StreamOptions {
  eventSchema?: StandardSchemaV1
  outputSchema?: StandardSchemaV1
  /** Ms between heartbeats while nothing is written; `false` for none. */
  heartbeat: number | false
  handleServerError?: ServerErrorHandler
  declared?: ErrorDeclarations
}

/**
 * The source of one stream: each event (validated by `eventSchema`) as an SSE
 * message, heartbeats while the generator is quiet, then the `end` event with
 * the envelope of the return value (validated by `outputSchema`) or of what
 * was thrown (masked as any failure is, and reported to the platform). When
 * the client goes away the call's signal aborts and the generator's `return()`
 * runs its `finally`. The trace, when there is one, hears each event and the end.
 * @example
 * const source = createEventStreamSource(event, host, call, start, options, 200)
 * return host.sendStream(event, 200, source)
 */
export function createEventStreamSource<TEvent>(
  event: TEvent,
  host: ActionHost<TEvent>,
  call: ActionCall<TEvent>,
  start: EventStreamStart,
  options: StreamOptions,
  status: number,
): EventStreamSource {
  const { generator } = start
  const trace = traceOf(event, host)
  let cancelled = false
  let ended = false
  let waiting = false
  let lastWrite = 0
  let heartbeat: ReturnType<typeof setTimeout> | undefined
  let sink: EventSink

  const stopHeartbeat = () => {
    if (heartbeat !== undefined) clearTimeout(heartbeat)
    heartbeat = undefined
  }
  // one timer per quiet period, not per event: it looks at the last write when it fires
  const beat = () => {
    const period = options.heartbeat as number
    const quiet = Date.now() - lastWrite
    if (quiet < period) {
      heartbeat = setTimeout(beat, period - quiet)
      return
    }
    // only while the generator is quiet: a full connection is not idle
    if (waiting && !cancelled && !ended) {
      sink.write(SSE_HEARTBEAT)
      lastWrite = Date.now()
    }
    heartbeat = setTimeout(beat, period)
  }

  const finish = (code?: string) => {
    ended = true
    stopHeartbeat()
    start.endSpan()
    // `idempotent()` keeps no stream: told "500", it drops its claim on the key, so a retry runs again
    void recordAnswer(event, host, 500, '')
    trace?.finish(status, code)
  }

  const failure = async (thrown: unknown): Promise<ActionErrorData> => {
    trace?.fail(thrown)
    let envelope = toErrorEnvelope(thrown, options.handleServerError, host.hostError as ActionHost<unknown>['hostError'], options.declared)
    const reported = reportError(event, host, envelope, thrown)
    envelope = reported instanceof Promise ? await reported : reported
    const invalid = invalidErrorField(envelope)
    return invalid ? toErrorEnvelope(new TypeError(`An error envelope could not be sent as it is (${invalid})`)) : envelope
  }

  const pump = async (given: EventSink): Promise<void> => {
    // cancelled before it was written (the client left before the first event): nothing is sent
    if (cancelled) return
    sink = given
    let result = start.first
    lastWrite = Date.now()
    if (options.heartbeat !== false) heartbeat = setTimeout(beat, options.heartbeat)
    let end: string
    let code: string | undefined
    try {
      while (!result.done) {
        let value = result.value
        if (options.eventSchema) {
          value = validateOutput(options.eventSchema, value, 'event')
          if (value instanceof Promise) value = await value
        }
        const json = eventJson(value)
        if (cancelled) return
        const more = sink.write(sseMessage(json))
        lastWrite = Date.now()
        trace?.streamed?.('event', json)
        if (!more) await sink.drained()
        if (cancelled) return
        waiting = true
        result = await start.next()
        waiting = false
      }
      let data = result.value
      if (options.outputSchema) {
        data = validateOutput(options.outputSchema, data)
        if (data instanceof Promise) data = await data
      }
      end = JSON.stringify({ success: true, data: data === undefined ? null : data })
    }
    catch (thrown) {
      waiting = false
      if (cancelled) return
      // a value the schema refused (the generator is still suspended): its `finally` runs
      generator.return(undefined).catch(ignore)
      const error = await failure(thrown)
      code = error.code
      end = JSON.stringify({ success: false, error })
    }
    if (cancelled) return
    sink.write(sseEnd(end))
    trace?.streamed?.('end', end)
    finish(code)
    sink.end()
  }

  // never rejects: a host awaits it after the headers are gone, where a failure could only crash the process.
  // A cancelled stream ends its answer too, for a host that would otherwise wait on it (an in-process reader).
  const run = (given: EventSink): Promise<void> => pump(given).catch((problem) => {
    logInDevelopment('error', 'An event stream could not be written to its end', problem)
    cancel()
  }).then(() => {
    if (cancelled) given.end()
  })

  const cancel = () => {
    if (cancelled || ended) return
    cancelled = true
    ActionCall.abort(call)
    generator.return(undefined).catch(ignore)
    finish()
  }

  return { run, cancel }
}

function ignore() {}
