import type { StandardSchemaV1 } from '@standard-schema/spec'
import { defineEventHandler } from 'h3'
import type {
  ActionEventHandler,
  ActionMiddleware,
  DefineActionOptions,
  InferActionData,
  InferMiddlewareContext,
  InferSchemaInput,
  RouteParams,
} from './types'
import { assertStandardSchema } from './internal/standard-schema'
import { assertInputLimits } from './internal/action-defaults'
import type { ActionCall } from './internal/action-call'
import { deepFrozenCopy } from './internal/deep-frozen-copy'
import { parseInput, parseRouteParams } from './steps/parse-input'
import { validateInput } from './steps/validate-input'
import type { ChainDefinition } from './steps/run-middleware'
import { runMiddlewareChain } from './steps/run-middleware'
import { runHandler } from './steps/run-handler'
import { validateOutput } from './steps/validate-output'
import { respondWithData, respondWithError } from './steps/respond'
import { toErrorEnvelope } from './to-error-envelope'

/**
 * Turns a declarative definition into an h3 event handler that always answers
 * with the `{ success, data | error }` envelope. Use it as the default export
 * of a server route file.
 * @example
 * export default defineAction({
 *   input: z.object({ title: z.string().min(1) }),
 *   handler: ({ input }) => createTodo(input.title),
 * })
 */
export function defineAction<
  TInputSchema extends StandardSchemaV1 | undefined = undefined,
  TOutput = unknown,
  TMiddleware extends readonly ActionMiddleware[] = readonly ActionMiddleware[],
  TOutputSchema extends StandardSchemaV1 | undefined = undefined,
  TParamsSchema extends StandardSchemaV1 | undefined = undefined,
>(
  options: Omit<DefineActionOptions<TInputSchema, TOutput, InferMiddlewareContext<TMiddleware>, TOutputSchema, TParamsSchema>, 'middleware'>
    & { middleware?: [...TMiddleware] },
): ActionEventHandler<
  InferSchemaInput<TInputSchema>,
  TParamsSchema extends StandardSchemaV1 ? StandardSchemaV1.InferInput<TParamsSchema> : RouteParams,
  InferActionData<TOutput, TOutputSchema>
> {
  if (typeof options?.handler !== 'function') throw new TypeError('defineAction: `handler` must be a function')
  assertStandardSchema(options.input, 'input')
  assertStandardSchema(options.params, 'params')
  assertStandardSchema(options.outputSchema, 'outputSchema')
  assertInputLimits(options, 'defineAction')
  const middleware: readonly ActionMiddleware[] = options.middleware ?? []
  if (!Array.isArray(middleware) || middleware.some(entry => typeof entry !== 'function')) {
    throw new TypeError('defineAction: `middleware` must be an array of functions')
  }
  // a private copy, frozen all the way down: a middleware cannot change what the next request reads
  const metadata = deepFrozenCopy({ ...options.metadata })
  const handler = options.handler as Parameters<typeof runHandler>[0]

  const { outputSchema, handleServerError } = options
  const chain: ChainDefinition = { middleware, metadata, last: call => runHandler(handler, call) }

  const eventHandler = defineEventHandler(async (event) => {
    try {
      // each step awaits only when it is asynchronous: a sync schema and a GET cost no microtask
      let raw = parseInput(event, options)
      if (raw instanceof Promise) raw = await raw
      const call: ActionCall = { input: raw, params: parseRouteParams(event), event, ctx: {} }
      let invalid = validateInput(options, call)
      if (invalid instanceof Promise) invalid = await invalid
      if (invalid) return respondWithError(event, invalid)
      let data = middleware.length === 0 ? runHandler(handler, call) : runMiddlewareChain(chain, call)
      if (data instanceof Promise) data = await data
      if (outputSchema) {
        data = validateOutput(outputSchema, data)
        if (data instanceof Promise) data = await data
      }
      return respondWithData(event, data)
    }
    catch (thrown) {
      return respondWithError(event, toErrorEnvelope(thrown, handleServerError))
    }
  })

  return Object.assign(eventHandler, {
    '~action': Object.freeze({
      input: options.input,
      params: options.params,
      outputSchema: options.outputSchema,
      middleware,
      metadata,
      maxBodySize: options.maxBodySize,
      maxFormFields: options.maxFormFields,
      maxFormFiles: options.maxFormFiles,
      maxJsonDepth: options.maxJsonDepth,
    }),
  }) as unknown as ReturnType<typeof defineAction<TInputSchema, TOutput, TMiddleware, TOutputSchema, TParamsSchema>>
}
