import { execFile, spawn } from 'node:child_process'
import { mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { Agent } from 'node:http'
import { promisify } from 'node:util'
import type { HttpScenario } from './scenarios'
import { loadBlock } from './load'

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
          await loadBlock(agent, server.url, scenario, shape.warm)
          await callgrindControl(server.pid, '--instr=on')
          await callgrindControl(server.pid, '--zero')
          await loadBlock(agent, server.url, scenario, shape.counted)
          const before = new Set(await readdir(dir))
          await callgrindControl(server.pid, '--dump')
          await callgrindControl(server.pid, '--instr=off')
          const key = `${scenario.id}/${name}`
          totals.set(key, (totals.get(key) ?? 0) + await readDumpTotal(dir, before))
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

interface CountedServer {
  pid: number
  url: string
  stop: () => void
}

function startUnderCallgrind(bundle: string, name: string, dir: string): Promise<CountedServer> {
  const child = spawn('valgrind', [
    '--tool=callgrind',
    '--instr-atstart=no',
    `--callgrind-out-file=${dir}/callgrind.%p`,
    process.execPath,
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
      resolve({ pid: child.pid!, url: `http://127.0.0.1:${message.port}`, stop: () => child.kill('SIGKILL') })
    })
  })
}

async function callgrindControl(pid: number, command: string): Promise<void> {
  await run('callgrind_control', [command, String(pid)], { timeout: 60_000 })
}

/** The `summary:` total of the dump file that `--dump` wrote (the one not in `before`). */
async function readDumpTotal(dir: string, before: Set<string>): Promise<number> {
  const written = (await readdir(dir)).filter(file => !before.has(file))
  if (written.length !== 1) throw new Error(`expected one new callgrind dump in ${dir}, found ${written.length}`)
  const text = await readFile(`${dir}/${written[0]}`, 'utf8')
  const total = /^(?:summary|totals): (\d+)/m.exec(text)
  if (!total) throw new Error(`no instruction total in ${dir}/${written[0]}`)
  return Number(total[1])
}
