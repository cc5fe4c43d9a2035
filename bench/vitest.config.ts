import { defineConfig } from 'vitest/config'

/** Config of `vitest bench` in bench/: only the in-process overhead benchmarks. */
export default defineConfig({
  test: {
    include: [],
    benchmark: { include: ['overhead/**/*.bench.ts'] },
  },
})
