import { execFile, spawn } from 'node:child_process'
import { mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { Agent } from 'node:http'
import { promisify } from 'node:util'
import type { HttpScenario } from './scenarios'
import { loadBlock } from './load'
import { serverNodeFlags } from './start-server'

const run = promisify(execFile)

/** How many processes each server is counted in, how many requests each gets per scenario before counting, and how many are counted. */
export interface CountShape {
  processes: number
  warm: number
  counted: number
}

/** Whether valgrind's callgrind and its control program are installed. */
export async function hasCallgrind(): Promise<boolean> {
  try {
    await run('valgrind', ['--version'])
    await run('callgrind_control', ['--version'])
    return true
  }
  catch {
    return false
  }
}

/**
 * Instructions per request of each server, every thread of its process included, counted by valgrind's
 * callgrind: the same code given the same requests runs nearly the same instructions, however busy the
 * machine is. Each server runs under callgrind with counting off while it is warmed up (V8 has compiled
 * its hot functions by then); counting is switched on for `counted` requests only, then dumped and read.
 * Keyed `scenario/server`: the mean per request over the server's `processes` processes.
 */
export async function countInstructions(bundle: string, servers: string[], scenarios: HttpScenario[], shape: CountShape, outDir: string): Promise<Map<string, number>> {
  const totals = new Map<string, number>()
  // each process's JIT places and compiles its code a little differently: the count is the mean over processes
  for (let launch = 0; launch < shape.processes; launch++) {
    for (const name of servers) {
      const dir = `${outDir}/${name}-${launch + 1}`
      await rm(dir, { recursive: true, force: true })
      await mkdir(dir, { recursive: true })
      const server = await startUnderCallgrind(bundle, name, dir)
      const agent = new Agent({ keepAlive: true, maxSockets: 10 })
      try {
        for (const scenario of scenarios) {
          const dump = await countScenario(server, agent, scenario, shape)
          const key = `${scenario.id}/${name}`
          totals.set(key, (totals.get(key) ?? 0) + await readDumpTotal(dump))
        }
      }
      finally {
        agent.destroy()
        server.stop()
      }
    }
  }
  return new Map([...totals].map(([key, total]) => [key, total / (shape.counted * shape.processes)]))
}

/** A server running under callgrind, its dumps written into `dir`. */
export interface CountedServer {
  pid: number
  url: string
  dir: string
  stop: () => void
}

/**
 * Starts the bundled server entry for one subject under callgrind with counting off. `extra` adds arguments
 * to valgrind's (before the program) and to node's.
 */
export function startUnderCallgrind(bundle: string, name: string, dir: string, extra: { valgrind?: string[], node?: string[] } = {}): Promise<CountedServer> {
  const child = spawn('valgrind', [
    '--tool=callgrind',
    '--instr-atstart=no',
    `--callgrind-out-file=${dir}/callgrind.%p`,
    ...extra.valgrind ?? [],
    process.execPath,
    ...serverNodeFlags,
    ...extra.node ?? [],
    bundle,
    name,
  ], { env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] })
  let stderr = ''
  child.stderr!.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000)
  })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', code => reject(new Error(`server ${name} under callgrind exited with ${code} before listening:\n${stderr}`)))
    child.once('message', (message: { port: number }) => {
      child.removeAllListeners('exit')
      resolve({ pid: child.pid!, url: `http://127.0.0.1:${message.port}`, dir, stop: () => child.kill('SIGKILL') })
    })
  })
}

async function callgrindControl(pid: number, command: string): Promise<void> {
  await run('callgrind_control', [command, String(pid)], { timeout: 60_000 })
}

/**
 * One scenario's count on a running server: `shape.warm` requests with counting off, then counting on for
 * `shape.counted` requests, dumped. Returns the path of the dump that was written.
 */
export async function countScenario(server: CountedServer, agent: Agent, scenario: HttpScenario, shape: CountShape): Promise<string> {
  await loadBlock(agent, server.url, scenario, shape.warm)
  await callgrindControl(server.pid, '--instr=on')
  await callgrindControl(server.pid, '--zero')
  await loadBlock(agent, server.url, scenario, shape.counted)
  const before = new Set(await readdir(server.dir))
  await callgrindControl(server.pid, '--dump')
  await callgrindControl(server.pid, '--instr=off')
  const written = (await readdir(server.dir)).filter(file => !before.has(file))
  if (written.length !== 1) throw new Error(`expected one new callgrind dump in ${server.dir}, found ${written.length}`)
  return `${server.dir}/${written[0]}`
}

/** The `summary:` total of a callgrind dump. */
async function readDumpTotal(dump: string): Promise<number> {
  const total = /^(?:summary|totals): (\d+)/m.exec(await readFile(dump, 'utf8'))
  if (!total) throw new Error(`no instruction total in ${dump}`)
  return Number(total[1])
}
