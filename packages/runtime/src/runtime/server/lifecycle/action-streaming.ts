import type { ActionHandler } from '../types'
import type { ErrorDeclarations } from '../errors/declared-errors'
import type { LifecycleTrace } from '../tracing/lifecycle-trace'
import type { ActionCall } from './action-call'
import type { ActionHost } from './action-host'
import type { AnyActionOptions } from './any-action-options'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyHandler = ActionHandler<unknown, unknown, Record<string, unknown>, unknown, any>

/**
 * What the lifecycle needs to stream: the streaming/ folder makes one for a host (`createActionStreaming`), and
 * an adapter's `defineAction` passes it to `createActionCore`. An action made without it answers a handler that
 * streams with INTERNAL_ERROR and says why: the Nuxt module leaves streaming out of an app with no streaming
 * action. The values passed between the steps are the capability's own.
 * @example
 * const handle = createActionCore(options, h3V2Host, createActionStreaming(sendEventStream))
 */
export interface ActionStreaming<TEvent> {
  /** Checks a streaming action's own options once, when it is defined: a bad one throws a TypeError. */
  optionsOf: (options: AnyActionOptions, declared: ErrorDeclarations | undefined) => object
  /** Step 4 for an `async function*` handler: calls it and pulls its first event. */
  run: (handler: AnyHandler, call: ActionCall<TEvent>, trace: LifecycleTrace | undefined) => Promise<unknown>
  /** Pulls the first event of a generator a plain handler returned. */
  start: (generator: AsyncGenerator<unknown, unknown, undefined>, call: ActionCall<TEvent>) => Promise<unknown>
  /** Whether the handler's step gave a stream whose first event is ready. */
  isStarted: (value: unknown) => boolean
  /** Step 6 for a stream: each event as it comes, then the envelope of its end. */
  respond: (event: TEvent, host: ActionHost<TEvent>, call: ActionCall<TEvent>, started: unknown, options: object) => unknown
}
