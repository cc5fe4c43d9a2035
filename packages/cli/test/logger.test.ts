import { Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { logger } from '../src/logger'

// a stream that collects what is written; `colors` makes it a terminal that has colours
function stream(options: { colors?: boolean } = {}) {
  const chunks: string[] = []
  const writable = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  })
  const fake = Object.assign(writable, { columns: 120, isTTY: options.colors, hasColors: options.colors ? () => true : undefined })
  return { stream: fake as unknown as NodeJS.WriteStream, text: () => chunks.join('') }
}

const { stdout, stderr } = logger.options
const { level } = logger

afterEach(() => {
  Object.assign(logger.options, { stdout, stderr })
  logger.level = level
})

function printTo(out: ReturnType<typeof stream>, err: ReturnType<typeof stream>) {
  Object.assign(logger.options, { stdout: out.stream, stderr: err.stream })
  logger.level = 3
  logger.success('Wrote server/api/hello.get.ts')
  logger.info('Dry run: nothing was written.')
  logger.warn('Two schema libraries found')
  logger.log('Next: start nuxi dev')
  logger.error('server/api/hello.get.ts already exists: pass --force to overwrite it.')
}

describe('the CLI logger', () => {
  it('prints one plain line per call, marked by type, warnings and errors on stderr, without colours off a terminal', () => {
    const out = stream()
    const err = stream()
    printTo(out, err)
    expect(out.text()).toBe([
      '✔ Wrote server/api/hello.get.ts',
      'ℹ Dry run: nothing was written.',
      'Next: start nuxi dev',
      '',
    ].join('\n'))
    expect(err.text()).toBe('⚠ Two schema libraries found\n✖ server/api/hello.get.ts already exists: pass --force to overwrite it.\n')
  })

  it('colours the marks on a terminal that has colours, and prints no time of day', () => {
    const out = stream({ colors: true })
    const err = stream({ colors: true })
    printTo(out, err)
    expect(out.text()).toContain('\u001B[32m✔\u001B[39m Wrote server/api/hello.get.ts\n')
    expect(err.text()).toContain('\u001B[31m✖\u001B[39m server/api/hello.get.ts already exists: pass --force to overwrite it.\n')
    expect(out.text() + err.text()).not.toMatch(/\d{1,2}:\d{2}:\d{2}/)
  })

  it('prints an unexpected error with its stack', () => {
    const out = stream()
    const err = stream()
    Object.assign(logger.options, { stdout: out.stream, stderr: err.stream })
    logger.error(new Error('disk on fire'))
    expect(err.text()).toMatch(/^✖ Error: disk on fire\n\s+at /)
  })

  it('hands prompts to consola\'s own prompt, loaded on first use', async () => {
    const { consola } = await import('consola')
    const prompt = vi.spyOn(consola, 'prompt').mockResolvedValueOnce('todos/index.get' as never)
    await expect(logger.prompt('Route?', { type: 'text' })).resolves.toBe('todos/index.get')
    expect(prompt).toHaveBeenCalledWith('Route?', { type: 'text' })
    prompt.mockRestore()
  })
})
