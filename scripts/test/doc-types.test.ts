import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const script = resolve(import.meta.dirname, '../doc-types.mjs')
const folders: string[] = []

/** Runs scripts/doc-types.mjs over a folder holding only `docs/guide.md`. */
async function checkDocs(guide: string) {
  const root = mkdtempSync(join(tmpdir(), 'doc-types-'))
  folders.push(root)
  mkdirSync(join(root, 'docs'))
  writeFileSync(join(root, 'docs/guide.md'), guide)
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, '--root', root], { encoding: 'utf8' })
    return { code: 0, output: stdout }
  }
  catch (error) {
    const failed = error as { code: number, stdout: string, stderr: string }
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` }
  }
}

const block = (lang: string, code: string, marker = '') => `${marker ? `${marker}\n` : ''}\`\`\`${lang}\n${code}\n\`\`\`\n`

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe('doc-types', () => {
  it('fails on samples that do not compile, naming the document line of each', async () => {
    const guide = [
      '# Guide\n',
      block('ts', `// server/api/greeting.get.ts\nexport default defineAction({\n  handler: () => ({ text: 'hi' }),\n})\nconst count: number = 'three'`),
      block('ts', `const answer = await $action('/api/nowhere', { method: 'GET' })`),
      block('ts', `const answer = await $action('/api/greeting')\nif (answer.success) answer.data.text.toUpperCase() // does not compile`),
      block('ts', 'const unfinished = {'),
      block('ts', `const skipped: number = 'never checked'`, '<!-- sample: skip: shows a mistake -->'),
      block('ts', `const shown: number = 'the app is checked by its own typecheck'`, '<!-- snippet: playground/nuxt.config.ts -->'),
    ].join('\n')
    const { code, output } = await checkDocs(guide)

    expect(code).toBe(1)
    const lines = guide.split('\n')
    const lineOf = (text: string) => lines.findIndex(line => line.includes(text)) + 1
    expect(output).toContain(`docs/guide.md:${lineOf('const count')}: error TS2322`)
    expect(output).toContain(`docs/guide.md:${lineOf('/api/nowhere')}: error TS2345`)
    // the line says it does not compile, and it does: the unused @ts-expect-error says so
    expect(output).toContain(`docs/guide.md:${lineOf('toUpperCase')}: error TS2578`)
    expect(output).toContain(`docs/guide.md:${lineOf('const unfinished')}: error TS1005`)
    expect(output).not.toContain(`docs/guide.md:${lineOf('const skipped')}:`)
    expect(output).not.toContain(`docs/guide.md:${lineOf('const shown')}:`)
    expect([...new Set(output.match(/guide\.md:\d+/g))], output).toHaveLength(4)
  }, 240_000)

  it('passes fragments completed by their markers, routes the samples define and lines that must not compile', async () => {
    const guide = [
      '# Guide\n',
      block('ts', `// server/api/greeting.get.ts\nexport default defineAction({\n  errors: { SHY: { statusCode: 409 } },\n  handler: () => ({ text: greet() }),\n})`, '<!-- sample: server\ndeclare function greet(): string\n-->'),
      block('ts', `throw errors.SHY()\nthrow errors.LOUD() // does not compile: not declared`, '<!-- sample: server\nexport default defineAction({\n  errors: { SHY: { statusCode: 409 } },\n  handler: ({ errors }) => {\n    ...\n  },\n})\n-->'),
      block('vue', `<script setup lang="ts">\nconst { data } = useActionQuery('/api/greeting')\n</script>\n\n<template>\n  <p>{{ data?.text.toUpperCase() }}</p>\n</template>`),
      block('ts', `export default defineNuxtConfig({\n  modules: ['@action-route/runtime'],\n  actionRoute: { maxBodySize: 1024 },\n})`),
    ].join('\n')
    const { code, output } = await checkDocs(guide)

    expect(output).toContain('The docs\' 4 TypeScript and Vue samples compile.')
    expect(code).toBe(0)
  }, 240_000)
})
