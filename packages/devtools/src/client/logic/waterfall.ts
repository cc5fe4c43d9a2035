import type { LifecycleTiming } from '../../shared/types'

/** One bar of a request's waterfall, placed in percent of the whole request. */
export interface WaterfallBar {
  /** `parse`, `validate`, the middleware's name, `handler`... */
  label: string
  step: LifecycleTiming['step']
  start: number
  duration: number
  /** Left edge, in percent of the total. */
  offset: number
  /** Width, in percent of the total; never under `minWidth`, so a 0 ms step stays visible. */
  width: number
  /** For a middleware: the `ctx` keys it added. */
  ctxKeys: string[]
}

/**
 * A record's timings as waterfall bars, in start order: each offset by its
 * start and as wide as its duration, on a scale of `totalMs` (the request's
 * duration) or the last step's end, whichever is longer.
 * @example
 * waterfallBars([{ step: 'parse', start: 0, duration: 1 }, { step: 'handler', start: 1, duration: 3 }], 4)
 * // [{ label: 'parse', offset: 0, width: 25, ... }, { label: 'handler', offset: 25, width: 75, ... }]
 */
export function waterfallBars(timings: LifecycleTiming[], totalMs = 0, minWidth = 0.5): WaterfallBar[] {
  const total = Math.max(totalMs, ...timings.map(timing => timing.start + timing.duration), Number.EPSILON)
  return [...timings].sort((a, b) => a.start - b.start).map((timing) => {
    const offset = Math.min(100, (timing.start / total) * 100)
    return {
      label: timing.step === 'middleware' ? timing.name || 'middleware' : timing.step,
      step: timing.step,
      start: timing.start,
      duration: timing.duration,
      offset,
      width: Math.min(100 - offset, Math.max(minWidth, (timing.duration / total) * 100)),
      ctxKeys: timing.ctxKeys ?? [],
    }
  })
}

/**
 * A duration for a waterfall label: microseconds under a millisecond.
 * @example
 * formatDuration(0.042) // '42 µs'
 * formatDuration(12.345) // '12.3 ms'
 */
export function formatDuration(ms: number): string {
  if (ms < 1) return `${Math.round(ms * 1000)} µs`
  return `${ms < 100 ? ms.toFixed(1) : Math.round(ms)} ms`
}

/** A streamed answer's events as one waterfall row: a tick per event, placed in percent of the whole request. */
export interface StreamRow {
  label: string
  /** Each event's left edge, in percent of the total. */
  ticks: number[]
  /** From the action's start to the last event, in ms. */
  duration: number
}

/**
 * The row of a streamed answer's events under its waterfall: one tick per event at its
 * time, on the scale `waterfallBars` uses (give it the same `totalMs`).
 * @example
 * streamRow([2, 4], 8) // { label: 'events (2)', ticks: [25, 50], duration: 4 }
 */
export function streamRow(offsets: readonly number[], totalMs: number, count = offsets.length): StreamRow {
  const total = Math.max(totalMs, ...offsets, Number.EPSILON)
  return {
    label: `events (${count})`,
    ticks: offsets.map(at => Math.min(100, (at / total) * 100)),
    duration: offsets.at(-1) ?? 0,
  }
}

/**
 * The timings of a stream still running, its open steps drawn up to `until` (its last event): the handler's
 * span and `respond` stay open until the stream ends, and the record holds them with no duration yet.
 * @example
 * runningTimings([{ step: 'handler', start: 1, duration: 0 }], 40) // [{ step: 'handler', start: 1, duration: 39 }]
 */
export function runningTimings(timings: LifecycleTiming[], until: number): LifecycleTiming[] {
  return timings.map(timing => (timing.step === 'handler' || timing.step === 'respond') && timing.duration === 0 && until > timing.start
    ? { ...timing, duration: Math.round((until - timing.start) * 100) / 100 }
    : timing)
}
