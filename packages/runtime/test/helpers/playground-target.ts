import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** How the playground suite's app runs: a production build or `nuxi dev`. */
export type PlaygroundMode = 'build' | 'dev'

/** The app the playground suite runs on, the Node that runs it, and a data folder of this run's own. */
export interface PlaygroundTarget {
  /** The repository's playground, or the compatibility suite's installed copy of it (`E2E_PLAYGROUND_DIR`). */
  appDir: string
  /** True for the compatibility suite's copy (module from its tarball, another Nuxt). */
  packed: boolean
  /** `E2E_NODE`, or this Node. */
  node: string
  /** A fresh folder for this run's database and uploads, removed by `removeData`. */
  dataDir: string
  /** Environment for `nuxi build`, `nuxi dev` and the server: the data folder and a session password. */
  env: Record<string, string>
  removeData: () => Promise<void>
}

/** A fixed session password (nuxt-auth-utils wants 32 characters or more), so `nuxi dev` writes no `.env`. */
const TEST_SESSION_PASSWORD = 'playground-suite-session-password-0123456789'

/**
 * Where and how a playground suite run starts its app. Each run (the `playground` and `playground-dev` projects
 * run at once in `pnpm test`) gets its own data folder, so neither sees the other's rows or files.
 * @example
 * const target = await playgroundTarget('dev')
 * const app = await startNuxtDevApp(target.appDir, { node: target.node, env: target.env })
 */
export async function playgroundTarget(mode: PlaygroundMode): Promise<PlaygroundTarget> {
  const packedApp = process.env.E2E_PLAYGROUND_DIR
  const appDir = resolve(packedApp || fileURLToPath(new URL('../../../../playground', import.meta.url)))
  const dataDir = await mkdtemp(join(tmpdir(), `action-route-playground-${mode}-`))
  return {
    appDir,
    packed: Boolean(packedApp),
    node: process.env.E2E_NODE || process.execPath,
    dataDir,
    env: {
      PLAYGROUND_DATA_DIR: join(dataDir, '.data'),
      NUXT_SESSION_PASSWORD: process.env.NUXT_SESSION_PASSWORD || TEST_SESSION_PASSWORD,
    },
    removeData: () => rm(dataDir, { recursive: true, force: true }),
  }
}
