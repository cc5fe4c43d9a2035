// Child-process entry: the action behind idempotent() on Redis (REDIS_URL).
import Redis from 'ioredis'
import { idempotent } from '../../../packages/runtime/src/runtime/server/idempotency/idempotent'
import { serveTodoAction } from '../fixture'
import { useStoreOf } from '../shared-store'

useStoreOf('redis', new Redis(process.env.REDIS_URL!))
// as the docs place it: after the middleware that signs the user in, keys scoped by user
serveTodoAction({ after: [idempotent<{ user: { id: string } }>({ scope: ({ ctx }) => ctx.user.id })] })
