import { describe, expect, it } from 'vitest'
import { runCli, withDefaultCommand } from '../src/run-cli'
import { version } from '../package.json'
import { createApp, output, printed } from './helpers'

describe('runCli', () => {
  it('treats a first argument that is not a sub-command as the route for add', () => {
    expect(withDefaultCommand(['todos/index.get'])).toEqual(['add', 'todos/index.get'])
    expect(withDefaultCommand(['--cwd', 'list', 'x.get'])).toEqual(['add', '--cwd', 'list', 'x.get'])
    expect(withDefaultCommand(['list', '--cwd', 'app'])).toEqual(['list', '--cwd', 'app'])
    expect(withDefaultCommand(['--cwd', 'app', 'list'])).toEqual(['--cwd', 'app', 'list'])
    expect(withDefaultCommand([])).toEqual(['add'])
    expect(withDefaultCommand(['--help'])).toEqual(['--help'])
  })

  it('writes a route and answers 0', async () => {
    const app = await createApp()
    expect(await runCli(['todos/[id].patch', '--cwd', app.dir])).toBe(0)
    expect(app.has('server/api/todos/[id].patch.ts')).toBe(true)
  })

  it('runs list as a sub-command', async () => {
    const app = await createApp({ files: { 'server/api/hello.get.ts': 'export default defineAction({ handler: () => 1 })\n' } })
    expect(await runCli(['list', '--cwd', app.dir])).toBe(0)
    expect(printed()).toContain('/api/hello')
  })

  it('prints a refusal as one error line and answers 1', async () => {
    const app = await createApp()
    expect(await runCli(['todos/[id].fetch', '--cwd', app.dir])).toBe(1)
    expect(output).toEqual([{ type: 'error', text: 'Unknown method suffix ".fetch": use one of .get, .post, .put, .patch, .delete, .head.' }])
  })

  it('prints --version', async () => {
    expect(await runCli(['--version'])).toBe(0)
    expect(printed()).toBe(version)
  })

  it('prints --help for the CLI, listing add and list', async () => {
    expect(await runCli(['--help'])).toBe(0)
    expect(printed()).toContain('create-action add|list')
  })

  it('prints --help for add with every flag', async () => {
    expect(await runCli(['todos/x.get', '--help'])).toBe(0)
    for (const flag of ['--cwd', '--routes', '--schema', '--middleware', '--template', '--force', '--dry-run']) expect(printed()).toContain(flag)
  })

  it('prints --help for list', async () => {
    expect(await runCli(['list', '-h'])).toBe(0)
    expect(printed()).toContain('--json')
  })
})
