import type { ActionMetadata, ActionMiddleware, MiddlewareResult, NextFunction } from '../types'
import type { ActionCall } from '../internal/action-call'
import { mergeContext } from '../internal/merge-context'
import { logInDevelopment } from '../internal/dev-logger'

/** What an action's chain is made of, fixed when the action is defined. */
export interface ChainDefinition {
  middleware: readonly ActionMiddleware[]
  metadata: ActionMetadata
  /** Runs the handler with the call once the chain has set its final context. */
  last: (call: ActionCall) => unknown
}

/** Thrown when a middleware does not call `next()` exactly once: fails closed, answers INTERNAL_ERROR. */
export class MiddlewareContractError extends Error {
  override name = 'MiddlewareContractError'
}

function middlewareName(middleware: ActionMiddleware, index: number): string {
  return middleware.name ? `"${middleware.name}"` : `#${index} (anonymous)`
}

/** A promise already rejected with `error`, marked handled: the chain answers it even when nobody awaits it. */
function rejectedQuietly(error: unknown): Promise<never> {
  const rejected = Promise.reject(error)
  rejected.catch(ignore)
  return rejected
}

/** One request's chain, shared by every middleware of it: once answered, a late `next()` runs nothing. */
interface ChainRequest {
  answered: boolean
}

/** One middleware's run: what it returned, and how to read the chain's answer once that has settled. */
interface MiddlewareRun {
  /** The middleware's own return value, usually a promise: wait for it before calling `result()` or `failed()`. */
  returned: unknown
  /** Once `returned` has fulfilled: the chain's data, a promise of it if the rest is still running, or a throw: the middleware's failure or the rest's. */
  result: () => unknown
  /** Once `returned` has rejected: closes this middleware's `next()` and throws its error on. */
  failed: (error: unknown) => never
}

/**
 * Step 3: runs the middleware chain around the handler and gives the handler's
 * data (a promise of it). Once the chain has answered, with data or a failure,
 * a `next()` called late (from a timer, say) runs nothing further: the client
 * was already told the outcome, and a retry would repeat any side effect.
 * @example
 * const data = await runMiddlewareChain({ middleware, metadata, last: call => runHandler(handler, call) }, call)
 */
export async function runMiddlewareChain(chain: ChainDefinition, call: ActionCall): Promise<unknown> {
  const request: ChainRequest = { answered: false }
  try {
    const run = startMiddlewareChain(chain, call, request)
    await run.returned
    const data = run.result()
    return data instanceof Promise ? await data : data
  }
  finally {
    request.answered = true
  }
}

/**
 * Starts the middleware at `index` (0: the first), onion style:
 * `next({ ctx })` deep-merges `ctx` and runs the rest of the chain; `last`
 * (the handler) runs at the centre with the call, its `ctx` set to the final
 * context. A middleware that returns without calling `next()`, or calls it
 * twice, halts the request; a call after it has returned (its outcome is
 * read) or after the request was answered runs nothing and rejects.
 * When the handler answers synchronously, `next()` resolves to its result
 * without waiting on another promise. The caller awaits `returned` itself
 * rather than chaining a promise on it.
 */
function startMiddlewareChain(
  chain: ChainDefinition,
  call: ActionCall,
  request: ChainRequest,
  index = 0,
  ctx: Record<string, unknown> = call.ctx,
): MiddlewareRun {
  const middleware = chain.middleware
  const current = middleware[index]!
  let called = false
  // set once this middleware's own outcome is read: a next() after that is late
  let settled = false
  let misuse: MiddlewareContractError | undefined
  // how the rest of the chain ended: `pending` until it settles, then its data or its error
  let state: 'pending' | 'done' | 'failed' = 'pending'
  let restData: unknown
  let restError: unknown
  let rest: Promise<unknown> | undefined

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
    const nextCtx = added === undefined ? ctx : mergeContext(ctx, added)
    let outcome: unknown
    try {
      if (index + 1 === middleware.length) {
        call.ctx = nextCtx
        outcome = chain.last(call)
      }
      else {
        const inner = startMiddlewareChain(chain, call, request, index + 1, nextCtx)
        outcome = Promise.resolve(inner.returned).then(inner.result, inner.failed)
      }
    }
    catch (error) {
      state = 'failed'
      restError = error
      return rejectedQuietly(error)
    }
    if (!(outcome instanceof Promise)) {
      state = 'done'
      restData = outcome
      return Promise.resolve({ ctx: added ?? {}, data: outcome })
    }
    rest = outcome
    const result = outcome.then((data) => {
      state = 'done'
      restData = data
      return { ctx: added ?? {}, data }
    })
    result.catch(ignore) // a middleware that does not await next() must not crash the process
    return result
  }

  let returned: unknown
  try {
    // written out rather than spread: this runs once per middleware per request
    returned = current({ input: call.input, params: call.params, event: call.event, metadata: chain.metadata, ctx, next: next as NextFunction })
  }
  catch (error) {
    returned = Promise.reject(error)
  }
  const result = (): unknown => {
    settled = true
    if (!called) {
      const message = `Action middleware ${middlewareName(current, index)} returned without calling next(): the request was halted`
      logInDevelopment('warn', message)
      throw new MiddlewareContractError(message)
    }
    if (misuse) throw misuse
    // a middleware may watch the rest of the chain fail, but not swallow the failure
    if (state === 'done') return restData
    if (state === 'failed') throw restError
    return rest
  }
  const failed = (error: unknown): never => {
    settled = true
    throw error
  }
  return { returned, result, failed }
}

function ignore() {}
