// Child-process entry: the action behind rateLimit on the memory store, with a limit it never reaches.
import { rateLimit } from '../../../packages/runtime/src/runtime/server/index'
import { serveTodoAction } from '../fixture'
import { useStoreOf } from '../shared-store'

useStoreOf('memory')
serveTodoAction({ before: [rateLimit({ limit: 1_000_000_000, window: 3_600_000 })] })
