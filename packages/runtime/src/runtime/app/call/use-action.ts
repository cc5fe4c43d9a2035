import { getCurrentScope, onScopeDispose, toValue } from 'vue'
import type { MaybeRefOrGetter } from 'vue'
import type { ActionResult } from '../../server/types'
import type { ActionCallError, ActionCallOptions, ActionInput, ActionMethod, ActionOutput, ActionParams, ActionPath, DefaultMethod, HttpMethod, ParamsOption } from '../route-map'
import type { StreamMethod } from '../stream-routes'
import type { ActionState, ActionStateOptions } from './action-state'
import { createActionState } from './action-state'
import type { CallOptions } from './call-action'
import { checkCallOptions, checkExecuteParams, checkMethod, checkRefreshOptions } from '../internal/check-call-options'
import type { MutationPlan } from '../queries/refresh-queries'
import { planMutation } from '../queries/refresh-queries'
import type { QueryPath } from '../queries/use-action-query'
import { untilStreamEnds } from '../streams/stream-end'
import { startAction } from './action'

/**
 * The methods of a route that answer JSON, not a stream: what `useAction`
 * (and `useActionForm`) call. A streaming method is `useActionStream`'s.
 * @example
 * type M = JsonMethod<'/api/todos'> // 'GET' | 'POST'
 */
export type JsonMethod<P extends ActionPath> = Exclude<ActionMethod<P>, StreamMethod<P>>

/**
 * What `useAction`'s path is checked against: the path itself when its
 * method answers JSON, else a type that names `useActionStream`, so the
 * type error says what to call instead.
 * @example
 * type Ok = JsonRoute<'/api/todos', 'POST'> // '/api/todos'
 */
export type JsonRoute<P extends ActionPath, M extends string> = [M] extends [never] ? P
  : [M] extends [StreamMethod<P>] ? { '~streams': `${M} ${P} streams its answer: call useActionStream('${P}') or $action, not useAction` }
      : P

/**
 * A query a mutation refreshes: every mounted `useActionQuery` of a GET
 * route, or only those loaded with these params and input values.
 * @example
 * const targets: RefreshTarget[] = ['/api/todos', { path: '/api/todos/:id', params: { id: 1 } }]
 */
export type RefreshTarget = QueryPath | { [Q in QueryPath]: {
  path: Q
  params?: Partial<ActionParams<Q>>
  input?: Partial<ActionInput<Q, 'GET'>>
} }[QueryPath]

/**
 * Changes to show in named queries while a call is in flight: GET route →
 * `(data, input, params) => new data`. Return a new value, do not change
 * `data` in place: it is the server's answer, kept to roll back to.
 * @example
 * const optimistic: OptimisticUpdates<{ title: string }, {}> = { '/api/todos': (list, input) => [...list, { id: -1, title: input.title, done: false }] }
 */
export type OptimisticUpdates<TInput, TParams> = {
  [Q in QueryPath]?: (data: ActionOutput<Q, 'GET'>, input: TInput, params: TParams) => ActionOutput<Q, 'GET'>
}

/**
 * What `execute` takes as its input: the action's input, or, for an action
 * without an input schema (`unknown`), anything but an object carrying
 * `params`, `headers` or `refreshes`: those go in the second argument.
 * @example
 * const remove = useAction('/api/todos/:id', { method: 'DELETE' })
 * await remove.execute(undefined, { params: { id: 1 } }) // not execute({ params: { id: 1 } })
 */
export type ExecuteInput<TInput> = unknown extends TInput
  ? string | number | boolean | null | undefined | readonly unknown[] | Blob | FormData | { params?: never, headers?: never, refreshes?: never, [name: string]: unknown }
  : TInput

/** What `execute` takes besides the input. */
export interface ExecuteOptions<P extends ActionPath, M extends HttpMethod = HttpMethod> {
  params?: ActionParams<P>
  headers?: Record<string, string>
  /** The queries this call refreshes, instead of the `refreshes` option. */
  refreshes?: readonly RefreshTarget[]
  /**
   * This call's `Idempotency-Key` (see `$action`'s option): each `execute` is one logical call, and
   * with `retry` and no key it gets a random one, sent on each of its attempts.
   */
  idempotencyKey?: ActionCallOptions<P, M>['idempotencyKey']
}

/** Options of `useAction`. */
export interface UseActionOptions<P extends ActionPath, M extends HttpMethod>
  extends ActionStateOptions<ExecuteInput<ActionInput<P, M>>, ActionOutput<P, M>, ActionCallError<P, M>>,
  Pick<ActionCallOptions<P, M>, 'method' | 'timeout' | 'retry' | 'retryDelay'> {
  /** Route params for every call; `execute(input, { params })` overrides them. */
  params?: MaybeRefOrGetter<ActionParams<P> | undefined>
  headers?: MaybeRefOrGetter<Record<string, string> | undefined>
  /** The mounted queries to refresh after a success, each once and in parallel (docs/client.md). */
  refreshes?: readonly RefreshTarget[]
  /** Shown at once in the named queries, rolled back on failure, replaced by the server's data on success. */
  optimistic?: OptimisticUpdates<ActionInput<P, M>, ActionParams<P>>
  /** Ask for the refreshed queries' data in the mutation's own answer (default true); false: refetch them. */
  singleFlight?: boolean
}

/**
 * `useAction` given `params` for every call: `execute` may leave them out
 * (its own `params` win). See the signature without them for the rest.
 * @example
 * const rename = useAction('/api/todos/:id', { method: 'PATCH', params: () => ({ id: id.value }) })
 * await rename.execute({ title: 'Milk' })
 */
export function useAction<P extends ActionPath, M extends ActionMethod<P> = DefaultMethod<P> & ActionMethod<P>>(
  path: JsonRoute<P, M>,
  options: UseActionOptions<P, M> & { params: UseActionOptions<P, M>['params'] },
): ActionState<ExecuteInput<ActionInput<P, M>>, ActionOutput<P, M>, ExecuteOptions<P, M>, ActionCallError<P, M>>
/**
 * State and an `execute` function for calling an action from a component.
 * On a route with dynamic segments, `execute` takes `params` (required by
 * the types when `useAction` was given none; a missing one rejects with a
 * TypeError naming it).
 * Only the latest call writes state; a call in flight is aborted when the
 * component unmounts. A bad option throws a TypeError naming it when
 * `useAction` is called; `execute` rejects with a TypeError, sending
 * nothing and leaving the state alone, for a bad or dangerous param. After a
 * success the queries named by `refreshes` and `optimistic` are refreshed
 * before `execute` resolves. A streaming route is a type error (its events
 * are `useActionStream`'s); one reached anyway (plain JS, `any`) is read
 * to its end, its events dropped, and settles with its final envelope;
 * development warns once per route.
 * @example
 * const { execute, fieldErrors, pending } = useAction('/api/todos/:id', { method: 'PATCH', refreshes: ['/api/todos'] })
 * await execute({ done: true }, { params: { id: 1 } })
 */
export function useAction<P extends ActionPath, M extends ActionMethod<P> = DefaultMethod<P> & ActionMethod<P>>(
  path: JsonRoute<P, M>,
  options?: UseActionOptions<P, M>,
): ActionState<ExecuteInput<ActionInput<P, M>>, ActionOutput<P, M>, ExecuteOptions<P, M> & ParamsOption<P>, ActionCallError<P, M>>
export function useAction<P extends ActionPath, M extends ActionMethod<P> = DefaultMethod<P> & ActionMethod<P>>(
  path: JsonRoute<P, M>,
  options: UseActionOptions<P, M> = {},
): ActionState<ExecuteInput<ActionInput<P, M>>, ActionOutput<P, M>, ExecuteOptions<P, M>, ActionCallError<P, M>> {
  if (options.method !== undefined) checkMethod(options.method)
  checkCallOptions({ timeout: options.timeout, retry: options.retry, retryDelay: options.retryDelay })
  checkRefreshOptions(options)
  // the path as the route map has it: JsonRoute only turns a streaming one away
  const route = path as P
  const state = createActionState<ExecuteInput<ActionInput<P, M>>, ActionOutput<P, M>, ExecuteOptions<P, M>, ActionCallError<P, M>>((input, call) => {
    const params = call.params ?? toValue(options.params)
    // a missing param (past the types): say which, and where params go
    checkExecuteParams(route, params, input)
    const plan: MutationPlan = { targets: call.refreshes ?? options.refreshes ?? [], optimistic: options.optimistic, singleFlight: options.singleFlight }
    const mutation = planMutation(plan, input, params, call.headers ?? toValue(options.headers))
    const sent = startAction(route, {
      method: options.method,
      timeout: options.timeout,
      retry: options.retry,
      retryDelay: options.retryDelay,
      idempotencyKey: call.idempotencyKey,
      input,
      params: params as CallOptions['params'],
      headers: mutation.headers,
      signal: call.signal,
      after: call.after,
    })
    mutation.apply()
    // a streaming action reached past the types (plain JS, any): settle with its final envelope
    const answered = untilStreamEnds('useAction', route, sent, import.meta.dev ? console.warn : undefined)
    return mutation.settle(answered) as Promise<ActionResult<ActionOutput<P, M>, ActionCallError<P, M>>>
  }, options)
  if (getCurrentScope()) onScopeDispose(state.abort)
  return state
}
