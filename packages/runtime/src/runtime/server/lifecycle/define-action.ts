import type { ActionDefinition, ActionMiddleware } from '../types'
import type { ActionHost } from './action-host'
import { assertStandardSchema } from '../internal/standard-schema'
import { assertInputLimits } from '../body/action-defaults'
import { checkErrorDeclarations, createErrorFactories } from '../errors/error-declarations'
import { ActionCall } from './action-call'
import { deepFrozenCopy } from './internal/deep-frozen-copy'
import { toErrorEnvelope } from '../errors/to-error-envelope'
import { nameOfAction } from './internal/name-of-action'
import { NOTHING_THROWN } from '../errors/report-error'
import { parseInput } from './steps/parse-input'
import { validateInput } from './steps/validate-input'
import type { ChainDefinition } from './steps/run-middleware'
import { runMiddlewareChain } from './steps/run-middleware'
import { runHandler } from './steps/run-handler'
import { validateOutput } from './steps/validate-output'
import { respondWithData, respondWithReplayedAnswer, respondWithReportedError } from './steps/respond'
import { isAsyncGenerator, isAsyncGeneratorFunction } from './internal/async-generator'
import { startTrace, traceOf } from '../tracing/lifecycle-trace'
import { trustedOriginsOf } from '../cross-origin/trusted-origins'
import { currentRouteFile } from './route-file'
import { brokenAction } from './internal/broken-action'
import { isReplayedAnswer } from '../idempotency/idempotency-answer'
import { honoursIdempotencyKeys, warnOfUnhonouredKey } from '../idempotency/idempotency-dev-warning'
import { BUILT_FOR_DEVELOPMENT, inDevelopment } from '../internal/dev-logger'
import { answerStreamNotRefreshed, isSingleFlightGet } from '../single-flight/single-flight-get'
import type { AnyActionOptions } from './any-action-options'
import type { ActionStreaming } from './action-streaming'

/** The host-neutral handler: the host's event in, what the host's handler returns out. */
export type ActionCore<TEvent> = ((event: TEvent) => Promise<unknown>) & { readonly '~action': ActionDefinition }

/**
 * The six-step lifecycle on one host, for the entries of each h3 major: the
 * returned function takes the host's event and answers through the host with
 * the `{ success, data | error }` envelope. Options are checked here, once:
 * a bad one throws a TypeError, except in a Nuxt app's route file, where only
 * that route fails (INTERNAL_ERROR 500) and the log names the file. Without
 * `streaming`, a handler that streams is such an error.
 * @example
 * const handle = createActionCore({ handler: () => 'pong' }, h3V2Host)
 * app.get('/ping', handle)
 */
export function createActionCore<TEvent>(options: AnyActionOptions, host: ActionHost<TEvent>, streaming?: ActionStreaming<TEvent>): ActionCore<TEvent> {
  const file = currentRouteFile()
  try {
    return checkedActionCore(options, host, file, streaming)
  }
  catch (problem) {
    if (file === undefined || !(problem instanceof TypeError)) throw problem
    return brokenAction(problem, file, host)
  }
}

function checkedActionCore<TEvent>(options: AnyActionOptions, host: ActionHost<TEvent>, file: string | undefined, streamer: ActionStreaming<TEvent> | undefined): ActionCore<TEvent> {
  if (typeof options?.handler !== 'function') throw new TypeError('defineAction: `handler` must be a function')
  assertStandardSchema(options.input, 'input')
  assertStandardSchema(options.params, 'params')
  assertStandardSchema(options.outputSchema, 'outputSchema')
  assertInputLimits(options, 'defineAction')
  const trustedOrigins = trustedOriginsOf(options.trustedOrigins, 'defineAction')
  const middleware: readonly ActionMiddleware[] = options.middleware ?? []
  if (!Array.isArray(middleware) || middleware.some(entry => typeof entry !== 'function')) {
    throw new TypeError('defineAction: `middleware` must be an array of functions')
  }
  // a private copy, frozen all the way down: a middleware cannot change what the next request reads
  const metadata = deepFrozenCopy({ ...options.metadata })
  const errors = checkErrorDeclarations(options.errors, 'defineAction')
  const factories = createErrorFactories(errors)
  // only an action that declares errors has its answers checked against them
  const declared = Object.keys(errors).length > 0 ? errors : undefined
  const handler = options.handler as Parameters<typeof runHandler>[0]
  // development: a key sent to an action that would run each retry again is worth a warning
  const warnOfKeys = (BUILT_FOR_DEVELOPMENT === undefined ? inDevelopment() : BUILT_FOR_DEVELOPMENT) && !honoursIdempotencyKeys(middleware)

  const { outputSchema, handleServerError } = options
  // an `async function*` handler streams; so does any handler whose result is an async generator
  const streams = isAsyncGeneratorFunction(options.handler)
  if (streams && !streamer) throw new TypeError(`defineAction: ${NO_STREAMING}`)
  const streaming = streamer?.optionsOf(options, declared)
  // the handler (step 4), timed as a span of its own when the request is traced; a stream's first event is
  // pulled here, inside the middleware chain, so what it throws before that answers as any handler's failure
  // single flight never runs a stream: a generator a plain handler made for it is returned unpulled, and answered as nothing
  const startStream = (generator: AsyncGenerator<unknown, unknown, undefined>, call: ActionCall<TEvent>): Promise<unknown> => {
    if (!streamer) throw new Error(NO_STREAMING)
    if (!isSingleFlightGet(call.event, host)) return streamer.start(generator, call)
    generator.return(undefined).catch(ignore)
    return Promise.resolve(STREAM_NOT_REFRESHED)
  }
  const runLast = (call: ActionCall<TEvent>): unknown => {
    const trace = traceOf(call.event, host)
    if (streams) return streamer!.run(handler, call, trace)
    const data = trace ? trace.timeHandler(() => runHandler(handler, call)) : runHandler(handler, call)
    return isAsyncGenerator(data) ? startStream(data, call) : data
  }
  const chain: ChainDefinition = { middleware, metadata, host, last: runLast as ChainDefinition['last'] }

  const handle = async (event: TEvent): Promise<unknown> => {
    // a stream is never run for single flight, not even its middleware: the browser fetches it itself
    if (streams && isSingleFlightGet(event, host)) return answerStreamNotRefreshed(event, host)
    // undefined unless the dev recorder asked for timings: then each `trace?.` line times a step
    const trace = startTrace(event, host)
    let call: ActionCall<TEvent> | undefined
    try {
      // each step awaits only when it is asynchronous: a sync schema and a GET cost no microtask
      // 1. parse the input (query or body, a body only from this origin or a trusted one) and the route params
      trace?.step('parse')
      let raw = parseInput(event, host, options, trustedOrigins)
      if (raw instanceof Promise) raw = await raw
      call = new ActionCall(raw, host.params(event), event, factories, host)
      // a stream is tied to its client from the start: one that leaves at any moment stops the generator
      if (streams) ActionCall.watchClient(call)
      // 2. validate them
      trace?.step('validate')
      let invalid = validateInput(options, call)
      if (invalid instanceof Promise) invalid = await invalid
      if (invalid) return respondWithReportedError(event, host, invalid, NOTHING_THROWN)
      if (warnOfKeys) warnOfUnhonouredKey(event, host)
      // 3. run the middleware, and 4. the handler at its centre (each times itself); a stream's handler gives its first event
      trace?.step()
      let data = middleware.length === 0 ? runLast(call) : runMiddlewareChain(chain, call)
      if (data instanceof Promise) data = await data
      // a generator an asynchronous handler resolved to streams too (its first event is pulled here)
      if (isAsyncGenerator(data)) data = await startStream(data, call)
      if (data === STREAM_NOT_REFRESHED) return answerStreamNotRefreshed(event, host)
      // 5 and 6 for a stream: its answer, each event as it comes; the output schema checks its return value at the end
      if (streamer?.isStarted(data)) return streamer.respond(event, host, call, data, streaming!)
      // 5. validate the output
      if (outputSchema) {
        trace?.step('output')
        data = validateOutput(outputSchema, data)
        if (data instanceof Promise) data = await data
      }
      // 6. answer (with single flight on, a caller that asked gets the named queries' fresh data too)
      return respondWithData(event, host, data)
    }
    catch (thrown) {
      // a middleware failed after the stream's first event was ready: the stream is not answered, its `finally` runs
      if (call) ActionCall.closeStream(call)
      // a retry of an idempotent request: `idempotent` found its stored answer, and nothing ran
      if (isReplayedAnswer(thrown)) return respondWithReplayedAnswer(event, host, thrown.answer)
      // an unexpected error also goes to the platform (the Nuxt module's plugin: Nitro's error capture and hook, the log)
      // development messages name the action: its method, route and file (the dev bundle's stack frames do not)
      const name = () => nameOfAction(host, event, file)
      return respondWithReportedError(event, host, toErrorEnvelope(thrown, handleServerError, host.hostError, declared, name), thrown)
    }
  }

  return Object.assign(handle, {
    '~action': Object.freeze({
      input: options.input,
      params: options.params,
      outputSchema: options.outputSchema,
      eventSchema: options.eventSchema,
      stream: streams || options.eventSchema !== undefined,
      middleware,
      metadata,
      errors,
      maxBodySize: options.maxBodySize,
      maxFormFields: options.maxFormFields,
      maxFormFiles: options.maxFormFiles,
      maxJsonDepth: options.maxJsonDepth,
    }),
  })
}

/** Why an action made without streaming cannot run a handler that streams, and how to give it streaming. */
const NO_STREAMING = 'this action\'s handler streams (an `async function*`, or a generator it returned), and this server was built without streaming: no server file has an `async function*` or an `eventSchema`. Set `actionRoute: { streaming: true }` in nuxt.config'

/** What the handler's step gives for a stream single flight asked for: nothing to answer with. */
const STREAM_NOT_REFRESHED = Symbol('stream not refreshed')

function ignore() {}
