import { missingParams } from './fill-params'

// the longest delay timers take: a longer one fires at once in browsers and throws in Node
const MAX_DELAY_MS = 2_147_483_647
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']

function fail(option: string, expected: string, value: unknown): never {
  const shown = typeof value === 'string' ? JSON.stringify(value) : typeof value === 'number' || value === null ? String(value) : typeof value
  throw new TypeError(`Action option "${option}" must be ${expected}, got ${shown}`)
}

/** Throws the TypeError naming `option` when a value is given and is not valid. */
function check(option: string, value: unknown, valid: (value: unknown) => boolean, expected: string): void {
  if (value !== undefined && !valid(value)) fail(option, expected, value)
}

// NaN and Infinity fail the comparisons
const isDelay = (value: unknown): boolean => typeof value === 'number' && value >= 0 && value <= MAX_DELAY_MS
const isRecord = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value)
// the draft's key: a string a header carries as it is (printable ASCII), short enough for any store to index
const isIdempotencyKey = (value: unknown): boolean => typeof value === 'string' && /^[\x20-\x7E]{1,255}$/.test(value)

/**
 * Upper-cases a call's method and checks it is one an action answers;
 * anything else throws a TypeError naming the option.
 * @example
 * checkMethod('patch') // 'PATCH'
 * checkMethod('FETCH') // throws TypeError
 */
export function checkMethod(method: unknown): string {
  const upper = typeof method === 'string' ? method.toUpperCase() : ''
  if (!METHODS.includes(upper)) fail('method', `one of ${METHODS.join(', ')}`, method)
  return upper
}

/**
 * Checks the transport options of a call (`timeout`, `retry`, `retryDelay`,
 * `signal`, `headers`, `params`, `idempotencyKey`) and throws a TypeError
 * naming the first bad one, so a typo fails loudly instead of sending
 * nothing or waiting forever.
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
  idempotencyKey?: unknown
}): void {
  const { headers } = options
  check('timeout', options.timeout, isDelay, `a number of milliseconds from 0 (none) to ${MAX_DELAY_MS}`)
  check('retry', options.retry, value => Number.isSafeInteger(value) && (value as number) >= 0, 'a whole number of attempts, 0 or more')
  check('retryDelay', options.retryDelay, isDelay, `a number of milliseconds from 0 to ${MAX_DELAY_MS}`)
  check('signal', options.signal, value => typeof AbortSignal !== 'undefined' && value instanceof AbortSignal, 'an AbortSignal')
  check('headers', headers, isRecord, 'an object of header names to values')
  for (const name of Object.keys(Object(headers))) check(`headers.${name}`, (headers as Record<string, unknown>)[name], value => typeof value === 'string', 'a string')
  check('params', options.params, isRecord, 'an object of route param values')
  check('idempotencyKey', options.idempotencyKey, isIdempotencyKey, 'a string of 1 to 255 printable ASCII characters')
}

/**
 * Checks that a call given `idempotencyKey` is a mutation: a GET or HEAD
 * changes nothing, so a key there is a mistake and throws a TypeError.
 * @example
 * checkKeyedMethod('POST', 'order-7') // passes
 * checkKeyedMethod('GET', 'order-7') // throws TypeError
 */
export function checkKeyedMethod(method: string, idempotencyKey: unknown): void {
  if (idempotencyKey !== undefined && (method === 'GET' || method === 'HEAD')) {
    throw new TypeError(`Action option "idempotencyKey" is for POST, PUT, PATCH and DELETE calls, not ${method}`)
  }
}

/**
 * Checks what `useAction` takes besides the call options: `dedupe` and the
 * three callbacks. Throws a TypeError naming the bad option.
 * @example
 * checkStateOptions({ dedupe: 'defer', onSuccess: data => console.log(data) }) // passes
 * checkStateOptions({ onSuccess: 'refresh' }) // throws TypeError
 */
export function checkStateOptions(options: { dedupe?: unknown, onSuccess?: unknown, onError?: unknown, onSettled?: unknown }): void {
  check('dedupe', options.dedupe, value => value === 'cancel' || value === 'defer' || value === 'queue', '"cancel", "defer" or "queue"')
  for (const name of ['onSuccess', 'onError', 'onSettled'] as const) check(name, options[name], value => typeof value === 'function', 'a function')
}

/**
 * Checks what a mutation refreshes: `refreshes` an array (its targets are
 * checked by the types), `optimistic` an object of functions, `singleFlight`
 * a boolean. Throws a TypeError naming the bad one.
 * @example
 * checkRefreshOptions({ refreshes: ['/api/todos'] }) // passes
 * checkRefreshOptions({ refreshes: '/api/todos' }) // throws TypeError
 */
export function checkRefreshOptions(options: { refreshes?: unknown, optimistic?: unknown, singleFlight?: unknown }): void {
  check('refreshes', options.refreshes, Array.isArray, 'an array')
  check('optimistic', options.optimistic, value => isRecord(value) && Object.values(value as object).every(update => typeof update === 'function'), 'an object of functions')
  check('singleFlight', options.singleFlight, value => typeof value === 'boolean', 'a boolean')
}

/**
 * Checks that a `useAction` call has every param its route needs, from
 * `execute`'s options or `useAction`'s own: a missing one throws a TypeError
 * naming it and saying where params go. A value of the wrong kind is left
 * to the call's own checks.
 * @example
 * checkExecuteParams('/api/todos/:id', { id: 1 }, { done: true }) // passes
 * checkExecuteParams('/api/todos/:id', undefined, { done: true }) // throws TypeError: ... is missing route param "id" ...
 */
export function checkExecuteParams(route: string, params: unknown, input: unknown): void {
  if (params !== undefined && !isRecord(params)) return
  const missing = missingParams(route, params as Record<string, unknown> | undefined)
  if (!missing.length) return
  // execute({ params }): the params would go as the body
  if (typeof input === 'object' && input !== null && Object.hasOwn(input, 'params')) {
    throw new TypeError(`useAction('${route}'): params go in execute's second argument, execute(input, { params }), or execute(undefined, { params }) for an action without input`)
  }
  const names = missing.map(name => `"${name}"`).join(', ')
  throw new TypeError(`useAction('${route}') is missing route param${missing.length > 1 ? 's' : ''} ${names}: pass execute(input, { params: { ${missing.join(', ')} } }), or useAction's params option`)
}
