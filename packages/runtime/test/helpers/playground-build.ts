import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { collectOutput, findNuxtBin } from './internal/nuxt-process'

const playgroundDir = fileURLToPath(new URL('../../../../playground', import.meta.url))
const layerDir = fileURLToPath(new URL('../fixtures/playground-build', import.meta.url))
const outputDir = join(playgroundDir, '.output')
const stampFile = join(outputDir, 'action-route-test-run.json')
const lockDir = fileURLToPath(new URL('../../../../node_modules/.cache/playground-build.lock', import.meta.url))

/**
 * The playground's production build, made once per `vitest run` and shared by every suite that reads it: the
 * playground project's server, the OpenAPI document's check and the DevTools production check. It is built with the
 * layer fixtures/playground-build (the OpenAPI document on), into the playground's own `.output`. A later caller in
 * the same run (vitest.config.ts sets ACTION_ROUTE_TEST_RUN) waits for the build or finds it made; a new run builds
 * again. Resolves to the output folder.
 * @example
 * const outputDir = await sharedPlaygroundBuild()
 * const server = await startBuiltServer(outputDir, process.execPath, '/', { env, cwd: dataDir })
 */
export async function sharedPlaygroundBuild(): Promise<string> {
  const run = process.env.ACTION_ROUTE_TEST_RUN || `alone-${process.pid}-${Date.now()}`
  await lock()
  try {
    if (await builtIn() === run) return outputDir
    await rm(stampFile, { force: true })
    await build()
    await writeFile(stampFile, JSON.stringify({ run }))
    return outputDir
  }
  finally {
    await rm(lockDir, { recursive: true, force: true })
  }
}

async function builtIn(): Promise<string | undefined> {
  try {
    return (JSON.parse(await readFile(stampFile, 'utf8')) as { run?: string }).run
  }
  catch {
    return undefined
  }
}

async function build() {
  // what the build's prerender writes (its server plugins open the SQLite file) goes to a folder of its own
  const dataDir = await mkdtemp(join(tmpdir(), 'action-route-playground-build-'))
  try {
    const env = { ...process.env, NODE_ENV: 'production', PLAYGROUND_DATA_DIR: join(dataDir, '.data') }
    const child = spawn(process.execPath, [findNuxtBin(playgroundDir), 'build', playgroundDir, '--extends', layerDir], { cwd: playgroundDir, stdio: ['ignore', 'pipe', 'pipe'], env })
    const log = collectOutput(child)
    const [code] = await once(child, 'exit')
    if (code !== 0) throw new Error(`nuxt build of the playground failed (${code}):\n${log().slice(-4000)}`)
  }
  finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** Takes the build's lock (a folder holding the holder's pid), taking over one whose process is gone. */
async function lock() {
  const deadline = Date.now() + 900_000
  for (;;) {
    try {
      await mkdir(lockDir, { recursive: false })
      await writeFile(join(lockDir, 'pid'), String(process.pid))
      return
    }
    catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') await mkdir(join(lockDir, '..'), { recursive: true })
      else if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      else if (!(await holderAlive())) await rm(lockDir, { recursive: true, force: true })
      else if (Date.now() > deadline) throw new Error(`the playground's build lock ${lockDir} is still held`, { cause: error })
      else await new Promise(done => setTimeout(done, 500))
    }
  }
}

async function holderAlive(): Promise<boolean> {
  const pid = Number(await readFile(join(lockDir, 'pid'), 'utf8').catch(() => ''))
  // a lock folder just made has no pid yet: its holder is alive, unless the folder is older than a few seconds
  if (!pid) return Date.now() - (await stat(lockDir).then(info => info.mtimeMs, () => 0)) < 10_000
  try {
    process.kill(pid, 0)
    return true
  }
  catch {
    return false
  }
}
