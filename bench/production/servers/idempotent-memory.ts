// Child-process entry: the action behind idempotent() on the memory store.
import { idempotent } from '../../../packages/runtime/src/runtime/server/idempotency/idempotent'
import { serveTodoAction } from '../fixture'
import { useStoreOf } from '../shared-store'

useStoreOf('memory')
// as the docs place it: after the middleware that signs the user in, keys scoped by user
serveTodoAction({ after: [idempotent<{ user: { id: string } }>({ scope: ({ ctx }) => ctx.user.id })] })
