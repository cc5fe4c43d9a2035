// the longest delay timers take: a longer one fires at once in browsers and throws in Node
const MAX_DELAY_MS = 2_147_483_647
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])

function fail(option: string, expected: string, value: unknown): never {
  const shown = typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value) : value === null ? 'null' : typeof value
  throw new TypeError(`Action option "${option}" must be ${expected}, got ${shown}`)
}

function isDelay(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_DELAY_MS
}

function isPlainRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Upper-cases a call's method and checks it is one an action answers;
 * anything else throws a TypeError naming the option.
 * @example
 * checkMethod('patch') // 'PATCH'
 * checkMethod('FETCH') // throws TypeError
 */
export function checkMethod(method: unknown): string {
  const upper = typeof method === 'string' ? method.toUpperCase() : undefined
  if (upper === undefined || !METHODS.has(upper)) fail('method', 'one of GET, HEAD, POST, PUT, PATCH, DELETE', method)
  return upper
}

/**
 * Checks the transport options of a call (`timeout`, `retry`, `retryDelay`,
 * `signal`, `headers`, `params`) and throws a TypeError naming the first bad
 * one, so a typo fails loudly instead of sending nothing or waiting forever.
 * @example
 * checkCallOptions({ retry: 2, timeout: 5000 }) // passes
 * checkCallOptions({ retry: Number.NaN }) // throws TypeError: Action option "retry" must be...
 */
export function checkCallOptions(options: {
  timeout?: unknown
  retry?: unknown
  retryDelay?: unknown
  signal?: unknown
  headers?: unknown
  params?: unknown
}): void {
  const { timeout, retry, retryDelay, signal, headers, params } = options
  if (timeout !== undefined && !isDelay(timeout)) fail('timeout', `a number of milliseconds from 0 (none) to ${MAX_DELAY_MS}`, timeout)
  if (retry !== undefined && !(Number.isSafeInteger(retry) && (retry as number) >= 0)) fail('retry', 'a whole number of attempts, 0 or more', retry)
  if (retryDelay !== undefined && !isDelay(retryDelay)) fail('retryDelay', `a number of milliseconds from 0 to ${MAX_DELAY_MS}`, retryDelay)
  if (signal !== undefined && !(typeof AbortSignal !== 'undefined' && signal instanceof AbortSignal)) fail('signal', 'an AbortSignal', signal)
  if (headers !== undefined && !isPlainRecord(headers)) fail('headers', 'an object of header names to values', headers)
  if (headers !== undefined) {
    for (const [name, value] of Object.entries(headers as object)) {
      if (typeof value !== 'string') fail(`headers.${name}`, 'a string', value)
    }
  }
  if (params !== undefined && !isPlainRecord(params)) fail('params', 'an object of route param values', params)
}

/**
 * Checks what `useAction` takes besides the call options: `dedupe` and the
 * three callbacks. Throws a TypeError naming the bad option.
 * @example
 * checkStateOptions({ dedupe: 'defer', onSuccess: data => console.log(data) }) // passes
 * checkStateOptions({ onSuccess: 'refresh' }) // throws TypeError
 */
export function checkStateOptions(options: { dedupe?: unknown, onSuccess?: unknown, onError?: unknown, onSettled?: unknown }): void {
  if (options.dedupe !== undefined && options.dedupe !== 'cancel' && options.dedupe !== 'defer') fail('dedupe', '"cancel" or "defer"', options.dedupe)
  for (const name of ['onSuccess', 'onError', 'onSettled'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') fail(name, 'a function', options[name])
  }
}
