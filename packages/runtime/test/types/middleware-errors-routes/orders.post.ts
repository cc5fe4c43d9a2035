import { createActionClient, idempotent } from '../../../src/runtime/server'

// idempotent() from a builder's `middleware` option
export default createActionClient({ middleware: [idempotent()] })
  .errors({ OUT_OF_STOCK: { statusCode: 409 } })
  .handler(() => ({ placed: true }))
