import { spawn } from 'node:child_process'

/** Runs a command to its end, its output passed through; rejects on a non-zero exit. Resolves to the wall time in ms. */
export function runCommand(command: string, args: string[], options: { cwd?: string, env?: NodeJS.ProcessEnv, quiet?: boolean } = {}): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    })
    let output = ''
    child.stdout?.on('data', (chunk) => {
      output += chunk
    })
    child.stderr?.on('data', (chunk) => {
      output += chunk
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code === 0) resolve(performance.now() - started)
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output.slice(-4000)}`))
    })
  })
}
