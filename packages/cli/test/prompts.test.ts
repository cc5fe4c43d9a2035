import { logger } from '../src/logger'
import { describe, expect, it, vi } from 'vitest'
import { add, createApp, pretendTerminal } from './helpers'

describe('prompting in a terminal', () => {
  it('asks for a missing route', async () => {
    pretendTerminal()
    const app = await createApp()
    const prompt = vi.spyOn(logger, 'prompt').mockResolvedValueOnce('todos/index.post' as never)
    await add(app)
    expect(prompt).toHaveBeenCalledWith(expect.stringContaining('Route path'), expect.objectContaining({ type: 'text', cancel: 'symbol' }))
    expect(app.has('server/api/todos/index.post.ts')).toBe(true)
  })

  it('asks for a missing method, offering the valid ones', async () => {
    pretendTerminal()
    const app = await createApp()
    const prompt = vi.spyOn(logger, 'prompt').mockResolvedValueOnce('patch' as never)
    await add(app, 'todos/[id]')
    expect(prompt).toHaveBeenCalledWith('Method for todos/[id]', expect.objectContaining({ options: ['get', 'post', 'put', 'patch', 'delete', 'head'] }))
    expect(app.has('server/api/todos/[id].patch.ts')).toBe(true)
  })

  it('asks which schema library when package.json has several', async () => {
    pretendTerminal()
    const app = await createApp({ dependencies: { zod: '^4.0.0', valibot: '^1.0.0' } })
    const prompt = vi.spyOn(logger, 'prompt').mockResolvedValueOnce('valibot' as never)
    const result = await add(app, 'a.post')
    expect(prompt).toHaveBeenCalledWith(expect.stringContaining('Schema library'), expect.objectContaining({ options: ['zod', 'valibot'] }))
    expect(result.schema).toBe('valibot')
  })

  it('cancels with Ctrl+C, exits non-zero and writes nothing instead of taking a default', async () => {
    pretendTerminal()
    const app = await createApp()
    vi.spyOn(logger, 'prompt').mockResolvedValueOnce(Symbol.for('cancel') as never)
    const failure = await add(app, 'todos/[id]').catch((error: unknown) => error)
    expect(failure).toMatchObject({ message: 'Cancelled: nothing was written.', exitCode: 130 })
    expect(app.has('server')).toBe(false)
  })

  it('cancels on an empty route answer', async () => {
    pretendTerminal()
    const app = await createApp()
    vi.spyOn(logger, 'prompt').mockResolvedValueOnce('   ' as never)
    await expect(add(app)).rejects.toThrow('Cancelled')
  })

  it('never prompts when CI is set, even in a terminal', async () => {
    pretendTerminal()
    vi.stubEnv('CI', 'true')
    const app = await createApp()
    const prompt = vi.spyOn(logger, 'prompt')
    await expect(add(app, 'todos/[id]')).rejects.toThrow('has no method suffix')
    await expect(add(app)).rejects.toThrow('Missing the route')
    expect(prompt).not.toHaveBeenCalled()
  })

  it('does not ask about the schema when --schema is given', async () => {
    pretendTerminal()
    const app = await createApp({ dependencies: { zod: '^4.0.0', valibot: '^1.0.0' } })
    const prompt = vi.spyOn(logger, 'prompt')
    await add(app, 'a.post', '--schema', 'valibot')
    expect(prompt).not.toHaveBeenCalled()
  })
})
