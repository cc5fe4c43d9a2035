import type { LifecycleTiming } from '@action-route/devtools/types'

/** Anything outside an HTTP token's characters (RFC 9110 `tchar`). */
const NOT_TOKEN = /[^\w!#$%&'*+.^`|~-]+/g

function toToken(name: string): string {
  return name.replace(NOT_TOKEN, '-').replace(/^-+|-+$/g, '') || 'anonymous'
}

/** A quoted-string of printable ASCII: a header value holds no other character. */
function quoted(text: string): string {
  return `"${text.replace(/[^\x20-\x7E]/g, '?').replace(/["\\]/g, '\\$&')}"`
}

const ANONYMOUS = /^middleware #(\d+)$/

/** `mw-auth`, `desc="middleware auth"`; an anonymous one (`middleware #2`) is `mw-2`. */
function middlewareMetric(name: string, duration: number): string {
  const anonymous = ANONYMOUS.exec(name)
  return anonymous
    ? `mw-${anonymous[1]};desc=${quoted(name)};dur=${duration}`
    : `mw-${toToken(name)};desc=${quoted(`middleware ${name}`)};dur=${duration}`
}

/**
 * The lifecycle's timings as a `Server-Timing` header value, for the browser's
 * network panel: one metric per step, a middleware as `mw-<name>` with its
 * name in the description. A middleware's duration includes the rest of the
 * chain it wraps, as in the DevTools waterfall.
 * @example
 * serverTimingHeader([{ step: 'parse', start: 0, duration: 0.12 }, { step: 'middleware', name: 'auth', start: 0.2, duration: 1.5 }])
 * // 'parse;dur=0.12, mw-auth;desc="middleware auth";dur=1.5'
 */
export function serverTimingHeader(timings: readonly LifecycleTiming[]): string {
  return timings.map(({ step, name, duration }) => step === 'middleware'
    ? middlewareMetric(name ?? '', duration)
    : `${step};dur=${duration}`).join(', ')
}
