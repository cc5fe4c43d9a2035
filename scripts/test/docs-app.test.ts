import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildDocsApp, readPage } from '../docs-app.mjs'

const folders: string[] = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-app-'))
  folders.push(dir)
  return dir
}
const page = (text: string) => {
  const file = join(folder(), 'page.md')
  writeFileSync(file, text)
  return file
}

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

describe('the walkthrough page convention (scripts/docs-app.mjs)', () => {
  it('reads a block as a file when the line before it, one blank line between at most, is its path in bold code', () => {
    const steps = readPage(page([
      '**`app/app.vue`**', '', '```vue', '<template><NuxtPage /></template>', '```', '',
      '**`nuxt.config.ts`**', '```ts', 'export default defineNuxtConfig({})', '```', '',
      'Not a label: **`server/x.ts`** in a sentence.', '', '```ts', 'const shown = 1', '```', '',
      '**`far.ts`**', '', '', '```ts', 'const tooFar = 1', '```',
    ].join('\n')))
    expect(steps).toEqual([
      { kind: 'file', path: 'app/app.vue', text: '<template><NuxtPage /></template>\n', line: 3 },
      { kind: 'file', path: 'nuxt.config.ts', text: 'export default defineNuxtConfig({})\n', line: 8 },
    ])
  })

  it('reads each line of a sh block as a command, comments and blank lines left out', () => {
    const steps = readPage(page(['```sh', 'npx nuxi@latest init todos', '', '# then', 'cd todos # into it', '```', '```text', 'npm install shown-only', '```'].join('\n')))
    expect(steps).toEqual([
      { kind: 'command', command: 'npx nuxi@latest init todos', line: 2 },
      { kind: 'command', command: 'cd todos', line: 5 },
    ])
  })

  it('fails on a command it does not know, naming the page\'s line, before it writes or installs anything', () => {
    const dir = folder()
    const app = join(dir, 'app')
    const file = page(['**`package.json`**', '```json', '{}', '```', '```sh', 'npm install zod', 'curl localhost:3000/api/todos', '```'].join('\n'))
    expect(() => buildDocsApp([file], app)).toThrow(/page\.md:7: `curl localhost:3000\/api\/todos` is a command scripts\/docs-app\.mjs does not know/)
    expect(readdirSync(app)).toEqual([])
  })
})
