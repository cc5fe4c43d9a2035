import { randomUUID } from 'node:crypto'
import { defineConfig } from 'vitest/config'
import { PLAYGROUND_DEV_SAMPLE } from './scripts/compat-targets.mjs'

// `nuxi dev` of the playground runs the files that differ under a dev server (the same sample as Nuxt 5's); the rest
// is the same code as in the build, which project playground runs whole. PLAYGROUND_DEV=all runs every file under dev.
const playgroundDevFiles = process.env.PLAYGROUND_DEV === 'all' ? ['test/**/*.test.ts'] : PLAYGROUND_DEV_SAMPLE.map((name: string) => `test/${name}.test.ts`)

// one id per `vitest run`, which its workers inherit: the playground's production build is made once in a run and
// shared by the suites that read it (packages/runtime/test/helpers/playground-build.ts)
process.env.ACTION_ROUTE_TEST_RUN ||= randomUUID()

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'runtime',
          root: 'packages/runtime',
          include: ['test/unit/**/*.test.ts'],
          // the type tests; off when `pnpm typecheck` has just compiled the same files (its `tsc -p packages/runtime`
          // includes test/types), as .ci/run does: an assertion that fails is a compile error there too
          typecheck: { enabled: process.env.ACTION_ROUTE_TYPE_TESTS !== 'compiled', include: ['test/types/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        test: { name: 'plain-h3', root: 'packages/runtime', include: ['test/plain-h3/**/*.test.ts'] },
      },
      {
        test: {
          name: 'runtime-e2e',
          root: 'packages/runtime',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 600_000,
        },
      },
      {
        // rate limits' shared store on a real Redis the tests start (redis-server), two built servers behind it
        test: {
          name: 'shared-store',
          root: 'packages/runtime',
          include: ['test/shared-store/**/*.test.ts'],
          // fixtures/shared-store built once, for a Redis port each file then starts its own Redis on, in turn
          globalSetup: ['test/shared-store/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 600_000,
        },
      },
      {
        // each action as OpenTelemetry spans: a production build with a real SDK exporting to an OTLP receiver the tests start
        test: {
          name: 'tracing',
          root: 'packages/runtime',
          include: ['test/tracing/**/*.test.ts'],
          // fixtures/tracing built once for every file, with tracing off and on
          globalSetup: ['test/tracing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'cli',
          root: 'packages/cli',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'cli-e2e',
          root: 'packages/cli',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 600_000,
        },
      },
      {
        // the built documentation site (docs/.vitepress/dist; built here when missing) in Chromium: the local search
        // finds defineAction, and no internal link of any page is a 404 or names a missing heading
        test: {
          name: 'docs-site',
          root: 'docs',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        // docs/getting-started.md followed literally: its app built from the page into an empty folder (packed
        // tarballs, a committed lock, Node 22), type-checked, built and started; each step's promise in Chromium
        test: {
          name: 'docs-app',
          root: 'docs',
          include: ['app-test/**/*.test.ts'],
          globalSetup: ['app-test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 600_000,
        },
      },
      {
        // the repository's own scripts: doc-types.mjs fails on a docs sample that does not type-check
        test: { name: 'scripts', root: 'scripts', include: ['test/**/*.test.ts'], testTimeout: 240_000 },
      },
      {
        test: { name: 'devtools', root: 'packages/devtools', include: ['test/unit/**/*.test.ts'] },
      },
      {
        test: { name: 'openapi', root: 'packages/runtime', include: ['test/openapi/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 600_000 },
      },
      {
        test: { name: 'runtime-devtools', root: 'packages/runtime', include: ['test/devtools/**/*.test.ts'] },
      },
      {
        test: {
          name: 'devtools-e2e',
          root: 'packages/devtools',
          include: ['test/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'playground',
          root: 'playground',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 600_000,
        },
      },
      {
        // the playground's dev sample on `nuxi dev` (inject('playgroundMode') === 'dev')
        test: {
          name: 'playground-dev',
          root: 'playground',
          include: playgroundDevFiles,
          globalSetup: ['test/global-setup-dev.ts'],
          testTimeout: 60_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
})
