import type { ActionHost } from './action-host'
import type { ErrorFactoryMap } from '../errors/error-declarations'

/**
 * One request's handler arguments, made once per request: the parse step
 * fills in the raw input and params, validation replaces them with the
 * schemas' outputs, and the middleware chain sets the final context. `event`
 * is the host's own event (h3 v1's or v2's); `errors` the action's factories.
 * `signal` is made only when read (a getter on the prototype): an action
 * that never reads it pays nothing for it.
 * @example
 * const call = new ActionCall(raw, host.params(event), event, factories, host)
 * handler(call) // the handler's `{ input, params, event, ctx, errors, signal }`
 */
export class ActionCall<TEvent = unknown> {
  ctx: Record<string, unknown> = {}
  // any: a call of one host's event stands for a call of any event in the steps that do not read it
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  #host: ActionHost<any>
  #abort: AbortController | undefined
  #stream: { close: () => void } | undefined

  constructor(
    public input: unknown,
    public params: unknown,
    public event: TEvent,
    public errors: ErrorFactoryMap,
    host: ActionHost<TEvent>,
  ) {
    this.#host = host
  }

  /** Aborts when the client goes away before the answer is complete, or cancels a stream. */
  get signal(): AbortSignal {
    return this.#watch().signal
  }

  /** The call's abort controller, tied to the client's leaving once, when first needed. */
  #watch(): AbortController {
    if (!this.#abort) {
      const controller = new AbortController()
      this.#abort = controller
      // a client that already left calls this at once: a late reader still sees it
      this.#host.onClose(this.event, () => {
        controller.abort()
        ActionCall.closeStream(this)
      })
    }
    return this.#abort
  }

  /**
   * Ties the call to its client from now on: when the client leaves, at any
   * moment, the signal aborts and the stream it holds (or will hold) closes.
   * A streaming action does this as its request starts.
   * @example
   * if (streams) ActionCall.watchClient(call)
   */
  static watchClient<T>(call: ActionCall<T>): void {
    call.#watch()
  }

  /**
   * Aborts the call's signal, when anyone read it (a stream the client cancelled).
   * @example
   * ActionCall.abort(call)
   */
  static abort<T>(call: ActionCall<T>): void {
    call.#abort?.abort()
  }

  /**
   * Keeps the stream the handler started, to be closed if the request fails
   * after it (a middleware that throws once `next()` resolved) or when the
   * client leaves; closed at once if the client has already left.
   * @example
   * ActionCall.holdStream(call, { close: () => generator.return(undefined) })
   */
  static holdStream<T>(call: ActionCall<T>, stream: { close: () => void }): void {
    if (call.#watch().signal.aborted) stream.close()
    else call.#stream = stream
  }

  /**
   * Closes the stream the handler started, if any: its answer will not be sent.
   * @example
   * catch (thrown) { ActionCall.closeStream(call) }
   */
  static closeStream<T>(call: ActionCall<T>): void {
    const stream = call.#stream
    call.#stream = undefined
    stream?.close()
  }
}
