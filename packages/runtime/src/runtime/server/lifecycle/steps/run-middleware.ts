import type { ActionMetadata, ActionMiddleware, MiddlewareResult, NextFunction } from '../../types'
import type { ActionCall } from '../action-call'
import { mergeContext } from '../internal/merge-context'
import { logInDevelopment } from '../../internal/dev-logger'
import type { ActionHost } from '../action-host'
import { traceOf } from '../../tracing/lifecycle-trace'
import { MiddlewareContractError } from '../../errors/middleware-contract-error'

/** What an action's chain is made of, fixed when the action is defined. */
export interface ChainDefinition {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  middleware: readonly ActionMiddleware<any, any, any>[]
  metadata: ActionMetadata
  /** The action's host: a traced request (development) is found through it, and each middleware times itself. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  host: ActionHost<any>
  /** Runs the handler with the call once the chain has set its final context (timing it, when traced). */
  last: (call: ActionCall) => unknown
}

/**
 * The one argument of a middleware: its fields, and the request's `signal`
 * through a getter on the prototype, made only when a middleware reads it.
 */
class MiddlewareArgs {
  readonly input: unknown
  readonly params: unknown
  readonly event: unknown
  readonly metadata: ActionMetadata
  readonly errors: ActionCall['errors']
  readonly ctx: Record<string, unknown>
  readonly next: NextFunction
  readonly #call: ActionCall

  constructor(call: ActionCall, metadata: ActionMetadata, ctx: Record<string, unknown>, next: NextFunction) {
    this.input = call.input
    this.params = call.params
    this.event = call.event
    this.metadata = metadata
    this.errors = call.errors
    this.ctx = ctx
    this.next = next
    this.#call = call
  }

  get signal(): AbortSignal {
    return this.#call.signal
  }
}

/** One request's chain, shared by every middleware of it: once answered, a late `next()` runs nothing. */
interface ChainRequest {
  answered: boolean
}

/**
 * Step 3: runs the middleware chain around the handler and gives the handler's
 * data. Once the chain has answered, with data or a failure, a `next()` called
 * late (from a timer, say) runs nothing further: the client was already told
 * the outcome, and a retry would repeat any side effect.
 * @example
 * const data = await runMiddlewareChain({ middleware, metadata, host, last: call => runHandler(handler, call) }, call)
 */
export function runMiddlewareChain(chain: ChainDefinition, call: ActionCall): Promise<unknown> {
  const request: ChainRequest = { answered: false }
  const outcome = runFrom(chain, call, request, 0, call.ctx)
  // registered before the caller awaits the outcome, so it runs first: the request is marked answered
  // before anything resumes, with data or a failure
  const markAnswered = () => {
    request.answered = true
  }
  outcome.then(markAnswered, markAnswered)
  return outcome
}

/**
 * Runs the middleware at `index` and, through its `next({ ctx })`, the rest of
 * the chain (onion style): `next` deep-merges `ctx`, runs the middleware after
 * it (or, past the last one, the handler with the final context) and resolves
 * to `{ ctx, data }`. What the chain answers is the rest's data or its failure,
 * never the middleware's own return value: a middleware may watch the rest
 * fail but cannot swallow the failure. A middleware that settles without
 * calling `next()`, or calls it twice, halts the request; a call after it has
 * settled, or after the request was answered, runs nothing and rejects.
 */
async function runFrom(
  chain: ChainDefinition,
  call: ActionCall,
  request: ChainRequest,
  index: number,
  ctx: Record<string, unknown>,
): Promise<unknown> {
  const current = chain.middleware[index]!
  // when traced (development, or with tracing on), its span wraps the rest of the chain, as the middleware itself does
  const trace = traceOf(call.event, chain.host)
  const timing = trace?.beginSpan('middleware', current.name || `middleware #${index + 1}`)
  let settled = false
  let misuse: MiddlewareContractError | undefined
  let called = false
  // the rest's data (a synchronous handler's) or a promise of it
  let rest: unknown

  const next = (options?: { ctx?: object }): Promise<MiddlewareResult<object>> => {
    if (settled || request.answered) {
      const message = `Action middleware ${middlewareName(current, index)} called next() after the request was answered: nothing more ran`
      logInDevelopment('warn', message)
      return rejectedQuietly(new MiddlewareContractError(message))
    }
    if (called) {
      misuse = new MiddlewareContractError(`Action middleware ${middlewareName(current, index)} called next() more than once`)
      return rejectedQuietly(misuse)
    }
    called = true
    const added = options?.ctx
    if (timing) timing.ctxKeys = typeof added === 'object' && added !== null ? Object.keys(added) : []
    rest = runRest(chain, call, request, index + 1, added === undefined ? ctx : mergeContext(ctx, added))
    if (!(rest instanceof Promise)) return Promise.resolve({ ctx: added ?? {}, data: rest })
    // a middleware that does not await next() must not crash the process: `then` handles the rest's
    // rejection (a failure reaches the chain through `return rest`), and `result` is marked handled
    const result = rest.then(data => ({ ctx: added ?? {}, data }))
    result.catch(ignore)
    return result
  }

  try {
    // a class rather than a spread: this runs once per middleware per request
    const args = new MiddlewareArgs(call, chain.metadata, ctx, next as NextFunction)
    // traced, it runs inside its span, so what it starts is the span's child
    await (timing ? trace!.within(timing, current, args) : current(args))
  }
  finally {
    settled = true
    if (timing) trace!.endSpan(timing)
  }
  // logged once, where the failure becomes the client's INTERNAL_ERROR
  if (!called) throw new MiddlewareContractError(`Action middleware ${middlewareName(current, index)} returned without calling next(): the request was halted`)
  if (misuse) throw misuse
  return rest
}

/**
 * The rest of the chain from `index`: the next middleware's promise or, past
 * the last one, the handler's own result with the final context (its data,
 * or a promise of it: a synchronous handler costs the chain no promise). A
 * handler that throws gives a rejection, as an async one would.
 */
function runRest(chain: ChainDefinition, call: ActionCall, request: ChainRequest, index: number, ctx: Record<string, unknown>): unknown {
  if (index < chain.middleware.length) return runFrom(chain, call, request, index, ctx)
  call.ctx = ctx
  try {
    return chain.last(call)
  }
  catch (error) {
    return rejectedQuietly(error)
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function middlewareName(middleware: ActionMiddleware<any, any, any>, index: number): string {
  return middleware.name ? `"${middleware.name}"` : `#${index} (anonymous)`
}

/** A promise already rejected with `error`, marked handled: the chain answers it even when nobody awaits it. */
function rejectedQuietly(error: unknown): Promise<never> {
  const rejected = Promise.reject(error)
  rejected.catch(ignore)
  return rejected
}

function ignore() {}
