import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { startBuiltServer } from '../../packages/runtime/test/helpers/built-app'
import { readPage } from '../../scripts/docs-app.mjs'
// @ts-expect-error a plain .mjs script shared with the compatibility suite
import { nodeBinary } from '../../scripts/node-binary.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built server of the app docs/getting-started.md makes. */
    walkthroughURL: string
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url))
const page = join(root, 'docs/getting-started.md')

/** The variables the page's own start line sets (`NUXT_SESSION_PASSWORD=... node .output/server/index.mjs`). */
function pageServerEnv(): Record<string, string> {
  const start = readPage(page).find(step => step.kind === 'command' && /node \.output\/server\/index\.mjs$/.test(step.command))
  if (!start || start.kind !== 'command') throw new Error(`${page} never starts the built server (node .output/server/index.mjs)`)
  return Object.fromEntries([...start.command.matchAll(/([A-Z_]+)=(\S+)\s/g)].map(found => [found[1]!, found[2]!]))
}

/**
 * Builds the walkthrough's app as the page says, from an empty folder (`node scripts/docs-app.mjs`: its files, its
 * install, `nuxi typecheck`, `nuxi build`), then starts the built server as the page does, on Node 22, with a data
 * folder of its own as its working directory (`.data/db.sqlite3` lands there).
 */
export default async function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), 'docs-walkthrough-'))
  const app = join(work, 'todos')
  const data = join(work, 'data')
  mkdirSync(data)
  const node = nodeBinary(root, 22) as string
  const started = Date.now()
  const build = spawn(process.execPath, [join(root, 'scripts/docs-app.mjs'), page, app], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  build.stdout.on('data', chunk => log += chunk)
  build.stderr.on('data', chunk => log += chunk)
  const [code] = await once(build, 'exit')
  if (code !== 0) {
    rmSync(work, { recursive: true, force: true })
    throw new Error(`node scripts/docs-app.mjs docs/getting-started.md failed (${code}):\n${log.slice(-6000)}`)
  }
  console.log(`docs-app: the walkthrough's app built in ${Math.round((Date.now() - started) / 1000)} s`)
  const server = await startBuiltServer(join(app, '.output'), node, '/', {
    env: { ...process.env, NODE_ENV: 'production', ...pageServerEnv() },
    cwd: data,
  }).catch((error) => {
    rmSync(work, { recursive: true, force: true })
    throw error
  })
  project.provide('walkthroughURL', server.baseURL)
  return async () => {
    await server.close()
    rmSync(work, { recursive: true, force: true })
  }
}
