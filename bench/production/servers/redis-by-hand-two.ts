// Child-process entry: the plain action with two Redis commands a request written by hand (an idempotency key's).
import { serveWithRedisByHand } from '../redis-by-hand'

serveWithRedisByHand(2)
