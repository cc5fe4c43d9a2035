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

/** One middleware's run: what it returned, and how to read the chain's answer once that has settled. */
export interface MiddlewareRun {
  /** The middleware's own return value, usually a promise: wait for it before calling `result()`. */
  returned: unknown
  /** The chain's data, a promise of it if the rest is still running, or a throw: the middleware's failure or the rest's. */
  result: () => unknown
}

/**
 * Step 3: starts the middleware at `index` (0: the first), onion style:
 * `next({ ctx })` deep-merges `ctx` and runs the rest of the chain; `last`
 * (the handler) runs at the centre with the call, its `ctx` set to the final
 * context. A middleware that returns without calling `next()`, or calls it
 * twice, halts the request.
 * When the handler answers synchronously, `next()` resolves to its result
 * without waiting on another promise. The caller awaits `returned` itself,
 * so the outermost middleware costs no promise of the chain's own.
 */
export function startMiddlewareChain(
  chain: ChainDefinition,
  call: ActionCall,
  index = 0,
  ctx: Record<string, unknown> = call.ctx,
): MiddlewareRun {
  const middleware = chain.middleware
  const current = middleware[index]!
  let called = false
  let misuse: MiddlewareContractError | undefined
  // how the rest of the chain ended: `pending` until it settles, then its data or its error
  let state: 'pending' | 'done' | 'failed' = 'pending'
  let restData: unknown
  let restError: unknown
  let rest: Promise<unknown> | undefined

  const next = (options?: { ctx?: object }): Promise<MiddlewareResult<object>> => {
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
        const inner = startMiddlewareChain(chain, call, index + 1, nextCtx)
        outcome = Promise.resolve(inner.returned).then(inner.result)
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
  return { returned, result }
}

function ignore() {}
