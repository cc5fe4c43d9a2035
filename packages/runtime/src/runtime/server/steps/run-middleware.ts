import type { H3Event } from 'h3'
import type { ActionMetadata, ActionMiddleware, MiddlewareResult, NextFunction } from '../types'
import { mergeContext } from '../internal/merge-context'
import { logInDevelopment } from '../internal/dev-logger'

/** What every middleware and the handler see besides the context. */
export interface ChainArgs {
  input: unknown
  params: unknown
  event: H3Event
  metadata: ActionMetadata
}

/** Thrown when a middleware does not call `next()` exactly once: fails closed, answers INTERNAL_ERROR. */
export class MiddlewareContractError extends Error {
  override name = 'MiddlewareContractError'
}

function middlewareName(middleware: ActionMiddleware, index: number): string {
  return middleware.name ? `"${middleware.name}"` : `#${index} (anonymous)`
}

/** Runs a step that may return a value, a promise or throw, and gives a promise either way. */
function settle(run: () => unknown): Promise<unknown> {
  try {
    return Promise.resolve(run())
  }
  catch (error) {
    return Promise.reject(error)
  }
}

/**
 * Step 3: runs the middleware in array order, onion style: `next({ ctx })`
 * deep-merges `ctx` and resolves to the rest of the chain; `last` (the
 * handler) runs at the centre with the final context. A middleware that
 * returns without calling `next()`, or calls it twice, halts the request.
 */
export function runMiddlewareChain(
  middleware: readonly ActionMiddleware[],
  args: ChainArgs,
  last: (ctx: Record<string, unknown>) => unknown,
): Promise<unknown> {
  const dispatch = (index: number, ctx: Record<string, unknown>): Promise<unknown> => {
    if (index === middleware.length) return settle(() => last(ctx))
    const current = middleware[index]!
    let rest: Promise<unknown> | undefined
    let misuse: MiddlewareContractError | undefined
    // the rest of the chain's data once it has succeeded, so that it is handed on without adopting `rest` again
    let restDone = false
    let restData: unknown

    const next = (options?: { ctx?: object }): Promise<MiddlewareResult<object>> => {
      if (rest) {
        misuse = new MiddlewareContractError(`Action middleware ${middlewareName(current, index)} called next() more than once`)
        const rejected = Promise.reject(misuse)
        rejected.catch(ignore) // answered below even when the middleware ignores it
        return rejected
      }
      const added = options?.ctx
      rest = dispatch(index + 1, added === undefined ? ctx : mergeContext(ctx, added))
      const result = rest.then((data) => {
        restDone = true
        restData = data
        return { ctx: added ?? {}, data }
      })
      result.catch(ignore) // a middleware that does not await next() must not crash the process
      return result
    }

    // written out rather than spread: this runs once per middleware per request
    return settle(() => current({ input: args.input, params: args.params, event: args.event, metadata: args.metadata, ctx, next: next as NextFunction }))
      .then(() => {
        if (!rest) {
          const message = `Action middleware ${middlewareName(current, index)} returned without calling next(): the request was halted`
          logInDevelopment('warn', message)
          throw new MiddlewareContractError(message)
        }
        if (misuse) throw misuse
        // a middleware may watch the rest of the chain fail, but not swallow the failure
        return restDone ? restData : rest
      })
  }
  return dispatch(0, {})
}

function ignore() {}
