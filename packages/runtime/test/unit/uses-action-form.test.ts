import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { usesActionForm } from '../../src/internal/uses-action-form'

const made: string[] = []
async function app(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'uses-form-'))
  made.push(dir)
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), contents)
  }
  return dir
}
afterEach(async () => {
  await Promise.all(made.splice(0).map(dir => rm(dir, { recursive: true, force: true })))
})

describe('usesActionForm (whether a build adds the no-JavaScript form middleware)', () => {
  it('finds a call in a page, a component or a composable of any layer', async () => {
    const page = await app({ 'pages/rsvp.vue': '<script setup>\nconst form = useActionForm(\'/api/rsvp\')\n</script>\n' })
    const composable = await app({ 'composables/signup.ts': 'export const useSignup = () => useActionForm(\'/api/signup\')\n' })
    const plain = await app({ 'app.vue': '<template><div /></template>\n' })
    expect(await usesActionForm([page])).toBe(true)
    expect(await usesActionForm([plain, composable])).toBe(true)
  })

  it('is false for an app that only calls other actions, and ignores dependencies and build output', async () => {
    const dir = await app({
      'app.vue': '<script setup>\nconst { execute } = useAction(\'/api/todos\')\n</script>\n',
      'node_modules/some-lib/index.js': 'useActionForm()\n',
      '.nuxt/imports.d.ts': 'export { useActionForm }\n',
      '.output/server/index.mjs': 'useActionForm\n',
    })
    expect(await usesActionForm([dir])).toBe(false)
  })
})
