import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// run from the repository root with `pnpm vitest run --config packages/devtools/vitest.config.ts`;
// the root config carries the same three projects
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    projects: [
      { test: { name: 'devtools', root: 'packages/devtools', include: ['test/unit/**/*.test.ts'] } },
      { test: { name: 'runtime-devtools', root: 'packages/runtime', include: ['test/devtools/**/*.test.ts'] } },
      {
        test: {
          name: 'devtools-e2e',
          root: 'packages/devtools',
          include: ['test/e2e/**/*.test.ts'],
          // nuxi dev and nuxi build share the isolating layer's build folder: one file at a time
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
})
