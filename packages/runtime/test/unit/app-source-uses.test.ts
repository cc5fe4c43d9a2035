import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { appSourceUses } from '../../src/app-source/app-source-uses'

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

describe('appSourceUses (which server features a build adds)', () => {
  it('finds useActionForm (the no-JavaScript form middleware) in a page, a component or a composable of any layer', async () => {
    const page = await app({ 'pages/rsvp.vue': '<script setup>\nconst form = useActionForm(\'/api/rsvp\')\n</script>\n' })
    const composable = await app({ 'composables/signup.ts': 'export const useSignup = () => useActionForm(\'/api/signup\')\n' })
    const plain = await app({ 'app.vue': '<template><div /></template>\n' })
    expect((await appSourceUses([page])).forms).toBe(true)
    expect((await appSourceUses([plain, composable])).forms).toBe(true)
  })

  it('finds neither in an app that only calls actions, and ignores dependencies and build output', async () => {
    const dir = await app({
      'app.vue': '<script setup>\nconst { execute } = useAction(\'/api/todos\')\n</script>\n',
      'node_modules/some-lib/index.js': 'useActionForm({ refreshes: [] })\n',
      '.nuxt/imports.d.ts': 'export { useActionForm }\n',
      '.output/server/index.mjs': 'useActionForm; optimistic\n',
    })
    expect(await appSourceUses([dir])).toEqual({ forms: false, singleFlight: false, sharedStore: false })
  })

  it('finds single flight where a mutation names the queries it refreshes or changes optimistically', async () => {
    const refreshes = await app({ 'components/AddTodo.vue': '<script setup>\nconst add = useAction(\'/api/todos\', { method: \'POST\', refreshes: [\'/api/todos\'] })\n</script>\n' })
    const optimistic = await app({ 'composables/toggle.ts': 'export const useToggle = () => useAction(\'/api/todos/:id\', { method: \'PATCH\', optimistic: {} })\n' })
    expect(await appSourceUses([refreshes])).toEqual({ forms: false, singleFlight: true, sharedStore: false })
    expect(await appSourceUses([optimistic])).toEqual({ forms: false, singleFlight: true, sharedStore: false })
    // a longer word is not the option
    expect((await appSourceUses([await app({ 'app.vue': '<script setup>\nconst refreshesCount = 1\n</script>\n' })])).singleFlight).toBe(false)
  })

  it('finds rateLimit (the shared store\'s Nitro plugin) in a server route or util', async () => {
    const server = await app({ 'api/login.post.ts': 'export default defineAction({ middleware: [rateLimit({ limit: 5, window: 60_000 })], handler: () => 1 })\n' })
    expect((await appSourceUses([server])).sharedStore).toBe(true)
    expect((await appSourceUses([await app({ 'api/a.ts': 'const rateLimiter = 1\n' })])).sharedStore).toBe(false)
  })
})
