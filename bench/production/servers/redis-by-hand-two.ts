// Child-process entry: the plain action with a middleware written by hand that sends two Redis commands a request (an idempotency key's).
import { serveWithRedisByHand } from '../redis-by-hand'

await serveWithRedisByHand(2)
