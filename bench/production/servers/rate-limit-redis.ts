// Child-process entry: the action behind rateLimit on Redis (REDIS_URL), with a limit it never reaches.
import Redis from 'ioredis'
import { rateLimit } from '../../../packages/runtime/src/runtime/server/index'
import { serveTodoAction } from '../fixture'
import { useStoreOf } from '../shared-store'

useStoreOf('redis', new Redis(process.env.REDIS_URL!))
serveTodoAction({ before: [rateLimit({ limit: 1_000_000_000, window: 3_600_000 })] })
