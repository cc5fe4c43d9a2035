import type { ActionDefinition } from '../../types'
import type { ActionHost } from '../action-host'
import { respondWithError } from '../steps/respond'
import { INTERNAL_ERROR } from '../../errors/to-error-envelope'

const EMPTY_DEFINITION: ActionDefinition = Object.freeze({ middleware: Object.freeze([]), metadata: Object.freeze({}), errors: Object.freeze({}), stream: false })

/**
 * The handler of a route file whose `defineAction` options are wrong: it
 * answers INTERNAL_ERROR 500, and the problem is logged once, in development
 * and in production, naming the file. Throwing at module load instead named
 * no file and, in a bundled server, took every other route down with it.
 * @example
 * return brokenAction(new TypeError('defineAction: `maxBodySize` must be...'), 'server/api/bad.get.ts', host)
 */
export function brokenAction<TEvent>(problem: Error, file: string, host: ActionHost<TEvent>): ((event: TEvent) => Promise<unknown>) & { readonly '~action': ActionDefinition } {
  console.error('[action-route]', `${file}: ${problem.message}. This route answers INTERNAL_ERROR until its definition is fixed; the other routes are not affected.`)
  const handle = async (event: TEvent): Promise<unknown> => respondWithError(event, host, { ...INTERNAL_ERROR })
  return Object.assign(handle, { '~action': EMPTY_DEFINITION })
}
