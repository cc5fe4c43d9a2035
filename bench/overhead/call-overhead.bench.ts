import { bench, describe } from 'vitest'
import { getFrom, postTo } from './handlers'

const options = process.env.BENCH_SMOKE ? { time: 300, warmupTime: 100 } : { time: 3000, warmupTime: 500 }

describe('POST, trivial schema', () => {
  bench('h3 constant route', () => postTo('/noop').then(), options)
  bench('floor', () => postTo('/floor').then(), options)
  bench('defineAction', () => postTo('/action').then(), options)
})

describe('GET, trivial schema', () => {
  bench('h3 constant route', () => getFrom('/noop').then(), options)
  bench('floor', () => getFrom('/floor').then(), options)
  bench('defineAction', () => getFrom('/action').then(), options)
})

describe('GET, one async middleware', () => {
  bench('floor', () => getFrom('/floor-inline').then(), options)
  bench('floor calling the middleware', () => getFrom('/floor-middleware').then(), options)
  bench('defineAction', () => getFrom('/action-middleware').then(), options)
})
