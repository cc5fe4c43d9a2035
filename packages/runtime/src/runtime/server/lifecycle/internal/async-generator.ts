// the constructor of every `async function*`, which the language does not name as a global
const AsyncGeneratorFunction = async function* () {}.constructor

/**
 * Whether `handler` is an `async function*` (an action that streams), known
 * when the action is defined, for tooling (`~action.stream`).
 * @example
 * isAsyncGeneratorFunction(async function* () { yield 1 }) // true
 */
export function isAsyncGeneratorFunction(handler: unknown): boolean {
  return handler instanceof AsyncGeneratorFunction
    || (typeof handler === 'function' && handler.constructor?.name === 'AsyncGeneratorFunction')
}

/**
 * Whether a handler's result is an async generator object: what an
 * `async function*` returns, or a lowered or hand-made one (`next`, `return`
 * and `Symbol.asyncIterator`). Such a result streams.
 * @example
 * isAsyncGenerator((async function* () {})()) // true
 */
export function isAsyncGenerator(value: unknown): value is AsyncGenerator<unknown, unknown, undefined> {
  return typeof value === 'object' && value !== null
    && typeof (value as AsyncGenerator)[Symbol.asyncIterator] === 'function'
    && typeof (value as AsyncGenerator).next === 'function'
    && typeof (value as AsyncGenerator).return === 'function'
}
