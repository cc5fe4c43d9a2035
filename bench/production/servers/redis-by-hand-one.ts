// Child-process entry: the plain action with a middleware written by hand that sends one Redis command a request (a rate limit's round trip).
import { serveWithRedisByHand } from '../redis-by-hand'

await serveWithRedisByHand(1)
