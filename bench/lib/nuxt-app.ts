// Generated apps and the commands timed on them: writing an app, running node, building with nuxt.
import { spawn } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const nuxtBin = fileURLToPath(new URL('../../node_modules/nuxt/bin/nuxt.mjs', import.meta.url))

const reportCpu = fileURLToPath(new URL('./internal/report-cpu.mjs', import.meta.url))

/**
 * Runs `node <args>` to its end with its output kept back; rejects on a non-zero exit with the output's
 * tail. Resolves to the wall time in ms, Node start-up included.
 * @example
 * const ms = await runNode(['-e', ''])
 */
export async function runNode(args: string[], options: { cwd?: string } = {}): Promise<number> {
  return (await spawnNode(args, options)).ms
}

/**
 * Runs `node <args>` as `runNode` does, and resolves to the child's own CPU time in ms (user + system, every
 * thread of its process, start-up included; not the processes it starts): on a busy machine it moves far less
 * than the wall time.
 * @example
 * const cpuMs = await runNodeCpu([vueTscBin, '--noEmit', '-p', 'tsconfig.json'])
 */
export async function runNodeCpu(args: string[], options: { cwd?: string } = {}): Promise<number> {
  const { output } = await spawnNode(['--import', pathToFileURL(reportCpu).href, ...args], options)
  const micros = /^\[cpu-us\] (\d+)$/m.exec(output)?.[1]
  if (micros === undefined) throw new Error(`node ${args.join(' ')} reported no CPU time`)
  return Number(micros) / 1000
}

function spawnNode(args: string[], options: { cwd?: string }): Promise<{ ms: number, output: string }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: options.cwd, env: { ...process.env, NUXT_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', chunk => (output += chunk))
    child.stderr.on('data', chunk => (output += chunk))
    child.once('error', reject)
    // 'close', not 'exit': the output is whole only once the pipes are closed
    child.once('close', (code) => {
      if (code === 0) resolve({ ms: performance.now() - started, output })
      else reject(new Error(`node ${args.join(' ')} exited with ${code}\n${output.slice(-4000)}`))
    })
  })
}

/**
 * `nuxt build <dir>` from a clean state (no .nuxt, .output or cache); resolves to the wall time in ms.
 * @example
 * const ms = await timeNuxtBuild('bench/.work/build/plain-300')
 */
export async function timeNuxtBuild(dir: string): Promise<number> {
  for (const leftover of ['.nuxt', '.output', 'node_modules']) await rm(join(dir, leftover), { recursive: true, force: true })
  return runNode([nuxtBin, 'build', dir])
}

/**
 * `nuxt prepare <dir>`: writes `.nuxt` (its tsconfigs and generated types) without building, what a
 * type-check needs. Not timed.
 * @example
 * await prepareNuxtApp('bench/.work/build/action-1000')
 */
export async function prepareNuxtApp(dir: string): Promise<void> {
  await rm(join(dir, '.nuxt'), { recursive: true, force: true })
  await runNode([nuxtBin, 'prepare', dir])
}

/**
 * Writes files (path relative to `dir`, contents) into `dir`, emptied first: a generated app.
 * @example
 * await writeApp('bench/.work/cli/app', { 'nuxt.config.ts': 'export default defineNuxtConfig({})\n' })
 */
export async function writeApp(dir: string, files: Record<string, string>): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), contents)
  }
}
