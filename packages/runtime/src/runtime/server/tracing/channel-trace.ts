import type { TracingChannel } from 'node:diagnostics_channel'
import type { ActionHost } from '../lifecycle/action-host'
import type { LifecycleTrace, LifecycleTracer } from './lifecycle-trace'

/** The name of the `node:diagnostics_channel` tracing channel each action is published on. */
export const ACTION_CHANNEL = 'action-route.action'

/**
 * What a subscriber of `tracing:action-route.action:*` gets: the event and
 * which action at `start`; the status (and an error answer's code) by
 * `asyncEnd`; what was thrown, at `error`. Never input or output values.
 */
export interface ActionChannelMessage {
  event: unknown
  method: string
  route: string
  path: string
  status?: number
  code?: string
  error?: unknown
}

/** What `publishTo` needs of a tracing channel (Node's, or workerd's under `nodejs_compat`). */
type ActionChannel = Pick<TracingChannel<ActionChannelMessage>, 'start' | 'end' | 'asyncStart' | 'asyncEnd' | 'error' | 'hasSubscribers'>

/** A trace that publishes the action on `channel` around another (the OpenTelemetry one). */
function publishTo<TEvent>(channel: ActionChannel, event: TEvent, host: ActionHost<TEvent>, inner: LifecycleTrace): LifecycleTrace {
  let message: ActionChannelMessage
  return {
    start() {
      inner.start()
      message = { event, method: host.method(event), route: host.route(event), path: host.path(event) }
      channel.start.publish(message)
      // the action is asynchronous: its synchronous part ends at once, as `tracePromise` would say
      channel.end.publish(message)
    },
    step: step => inner.step(step),
    beginSpan: (step, name) => inner.beginSpan(step, name),
    endSpan: timing => inner.endSpan(timing),
    within: (timing, run, arg) => inner.within(timing, run, arg),
    timeHandler: run => inner.timeHandler(run),
    streamed: (kind, data) => inner.streamed?.(kind, data),
    streaming: () => inner.streaming?.(),
    fail(thrown) {
      inner.fail(thrown)
      message.error = thrown
      channel.error.publish(message)
    },
    finish(status, code) {
      const timings = inner.finish(status, code)
      message.status = status
      if (code !== undefined) message.code = code
      channel.asyncStart.publish(message)
      channel.asyncEnd.publish(message)
      return timings
    },
  }
}

/**
 * `tracer`, publishing each action on the `action-route.action` tracing
 * channel too (start, end, error, asyncStart, asyncEnd) when something
 * subscribes, so an APM that listens on diagnostics channels sees actions
 * as it sees Nitro 3's `h3.request`. Without subscribers it costs one check
 * per action; where `node:diagnostics_channel` is missing, it is `tracer`.
 * @example
 * setLifecycleTracer(withTracingChannel(createOtelTracer()))
 */
export function withTracingChannel(tracer: LifecycleTracer): LifecycleTracer {
  const diagnostics = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule?.('node:diagnostics_channel') as typeof import('node:diagnostics_channel') | undefined
  if (typeof diagnostics?.tracingChannel !== 'function') return tracer
  const channel = diagnostics.tracingChannel<unknown, ActionChannelMessage>(ACTION_CHANNEL)
  return (event, host, recorded) => {
    const trace = tracer(event, host, recorded)
    return channel.hasSubscribers ? publishTo(channel, event, host, trace) : trace
  }
}
