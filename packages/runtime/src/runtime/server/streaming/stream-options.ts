import type { ErrorDeclarations } from '../errors/declared-errors'
import type { AnyActionOptions } from '../lifecycle/any-action-options'
import type { StreamOptions } from './event-stream-source'
import { assertStandardSchema } from '../internal/standard-schema'

/** Ms of quiet before a heartbeat, when the action does not say. */
const DEFAULT_HEARTBEAT = 15_000
/** The longest delay a timer takes (about 24.8 days). */
const LONGEST_TIMER = 2_147_483_647

/**
 * What an action's options say of its stream, checked once when it is
 * defined: `eventSchema` must be a Standard Schema, `heartbeat` a number of
 * ms above 0 or `false`; a wrong one throws a TypeError.
 * @example
 * const streaming = streamOptionsOf(options, declared) // { heartbeat: 15000, ... }
 */
export function streamOptionsOf(options: AnyActionOptions, declared: ErrorDeclarations | undefined): StreamOptions {
  assertStandardSchema(options.eventSchema, 'eventSchema')
  const heartbeat = options.heartbeat ?? DEFAULT_HEARTBEAT
  if (heartbeat !== false && !(typeof heartbeat === 'number' && heartbeat > 0 && heartbeat <= LONGEST_TIMER)) {
    throw new TypeError('defineAction: `heartbeat` must be a number of milliseconds above 0, or false')
  }
  const { eventSchema, outputSchema, handleServerError } = options
  return { eventSchema, outputSchema, heartbeat, handleServerError, declared }
}
