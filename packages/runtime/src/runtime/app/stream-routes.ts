// Which routes stream, in a file of its own: useAction refuses them and useActionStream takes them.
import type { ActionEvent, ActionMethod, ActionPath } from './route-map'

/**
 * The methods of a route whose handler streams (an async generator).
 * @example
 * type M = StreamMethod<'/api/reply'> // 'POST'
 */
export type StreamMethod<P extends ActionPath> = { [M in ActionMethod<P>]: [ActionEvent<P, M>] extends [never] ? never : M }[ActionMethod<P>]

/**
 * The routes with a streaming method: what `useActionStream` takes.
 * @example
 * const path: StreamPath = '/api/reply'
 */
export type StreamPath = { [P in ActionPath]: [StreamMethod<P>] extends [never] ? never : P }[ActionPath]
