import type { LifecycleTiming } from '@action-route/devtools/types'
import type { LifecycleTrace } from '../lifecycle-trace'

/**
 * One trace that gives every step to two: the dev recorder's (`first`, whose
 * timings the lifecycle sees and whose `Server-Timing` is sent) and
 * OpenTelemetry's, so the DevTools waterfall and the app's traces hold the
 * same steps from the same calls.
 * @example
 * const trace = teeTraces(recorded, new OtelActionTrace(tracer, event, host))
 */
export function teeTraces(first: LifecycleTrace, second: LifecycleTrace): LifecycleTrace {
  const pairs = new Map<LifecycleTiming, LifecycleTiming>()
  return {
    start() {
      first.start()
      second.start()
    },
    step(step) {
      first.step(step)
      second.step(step)
    },
    beginSpan(step, name) {
      const timing = first.beginSpan(step, name)
      pairs.set(timing, second.beginSpan(step, name))
      return timing
    },
    endSpan(timing) {
      first.endSpan(timing)
      const paired = pairs.get(timing)
      if (paired) second.endSpan(paired)
      pairs.delete(timing)
    },
    within(timing, run, arg) {
      const paired = pairs.get(timing)
      return paired ? second.within(paired, run, arg) : run(arg)
    },
    timeHandler(run) {
      return first.timeHandler(() => second.timeHandler(run))
    },
    fail(thrown) {
      first.fail(thrown)
      second.fail(thrown)
    },
    finish(status, code) {
      second.finish(status, code)
      return first.finish(status, code)
    },
    streamed(kind, data) {
      first.streamed?.(kind, data)
      second.streamed?.(kind, data)
    },
    streaming() {
      first.streaming?.()
      second.streaming?.()
    },
  }
}
