import { createActionClient, idempotent, rateLimit } from '../../../src/runtime/server'

// both, through `.use()`
export default createActionClient()
  .errors({ DECLINED: { statusCode: 402 } })
  .use(rateLimit({ limit: 5, window: 60_000 }))
  .use(idempotent({ required: true }))
  .handler(() => ({ paid: true }))
