// The type-checker's own count of its work on an app: unlike wall time, the same on a loaded machine.
import { spawn } from 'node:child_process'

/**
 * Runs `vue-tsc --noEmit --extendedDiagnostics -p <tsconfig>` and resolves to
 * the number of type instantiations it reports, or `NaN` when it reports none
 * (it failed before checking).
 * @example
 * const count = await typeInstantiations(vueTscBin, 'bench/.work/build/action-300/.nuxt/tsconfig.app.json')
 */
export function typeInstantiations(vueTsc: string, tsconfig: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vueTsc, '--noEmit', '--extendedDiagnostics', '-p', tsconfig], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', chunk => (output += chunk))
    child.stderr.on('data', chunk => (output += chunk))
    child.once('error', reject)
    // a type error still prints the diagnostics: the count is read whatever the exit code
    child.once('exit', () => resolve(Number(/^Instantiations:\s+(\d+)/m.exec(output)?.[1] ?? Number.NaN)))
  })
}
