import { bench, describe } from 'vitest'
import { callGroups } from './handlers'

const options = process.env.BENCH_SMOKE ? { time: 300, warmupTime: 100 } : { time: 3000, warmupTime: 500 }

for (const [group, cases] of Object.entries(callGroups)) {
  describe(group, () => {
    for (const [name, run] of Object.entries(cases)) bench(name, () => run().then(), options)
  })
}
