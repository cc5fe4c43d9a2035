import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const runCliSource = fileURLToPath(new URL('../src/run-cli.ts', import.meta.url))
// citty decides on colours once, when it loads, from the environment alone: a fresh process with a piped stdout
// and none of the variables that turn colours off (CI, TEST, NO_COLOR) is what a developer's `--help | less` runs
const script = `const m = await import(${JSON.stringify(runCliSource)}); process.exitCode = await (m.runCli ?? m.default.runCli)(process.argv.slice(1))`

async function runPiped(args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(?:CI|TEST|VITEST.*|NO_COLOR|FORCE_COLOR|NODE_ENV)$/.test(name)))
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'jiti/register', '--input-type=module', '-e', script, '--', ...args], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...clean, TERM: 'xterm-256color', ...env },
  }).catch((error: { stdout: string, stderr: string }) => error)
  return { stdout, stderr }
}

describe('create-action --help', () => {
  it('prints no colour codes when its output is piped', async () => {
    const { stdout } = await runPiped(['--help'])
    expect(stdout).toContain('create-action add|list')
    expect(stdout).not.toContain('\u001B[')
  })

  it('prints no colour codes for add\'s help or citty\'s own refusals either', async () => {
    const help = await runPiped(['todos/x.get', '--help'])
    expect(help.stdout).toContain('--dry-run')
    expect(help.stdout).not.toContain('\u001B[')
    const refusal = await runPiped(['lisst', 'x'], { NO_COLOR: '1' })
    expect(refusal.stdout + refusal.stderr).not.toContain('\u001B[')
  })
})
