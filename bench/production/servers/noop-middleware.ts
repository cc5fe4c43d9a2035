// Child-process entry: the action with one more middleware that only calls next(): what any middleware costs.
import { defineActionMiddleware } from '../../../packages/runtime/src/runtime/server/index'
import { serveTodoAction } from '../fixture'

serveTodoAction({ before: [defineActionMiddleware('noop', ({ next }) => next())] })
