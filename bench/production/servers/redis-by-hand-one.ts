// Child-process entry: the plain action with one Redis command a request written by hand (a rate limit's round trip).
import { serveWithRedisByHand } from '../redis-by-hand'

serveWithRedisByHand(1)
