import type { DefineActionOptions } from '../types'

/** Options of any action, whatever its schemas and event type: what the lifecycle reads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyActionOptions = DefineActionOptions<any, any, any, any, any, any, any, any>
