import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AVERAGE_CEILING, measure, PAGE_CEILING } from '../prose-length.mjs'

const root = resolve(import.meta.dirname, '../..')

describe('scripts/prose-length.mjs', () => {
  it('counts the prose only: code blocks, tables, headings and HTML comments are left out', () => {
    const page = [
      '# A heading of many many many words that would count',
      '',
      'One short sentence. Another one here!',
      '',
      '```ts',
      'const words = "inside a code block are never counted, however many there are"',
      '```',
      '',
      '| a table | of cells |',
      '|---|---|',
      '| with many words in it | that are not prose |',
      '',
      '<!-- a comment the page does not show, with words -->',
    ].join('\n')
    expect(measure(page)).toEqual({ words: 6, sentences: 2, average: 3 })
  })

  it('ends a sentence at each list item and paragraph, and counts inline code as one word', () => {
    const page = ['- `defineAction({ input, handler })` answers', '- a second item', '', 'A paragraph without a stop', 'that goes on'].join('\n')
    expect(measure(page)).toEqual({ words: 13, sentences: 3, average: 13 / 3 })
  })

  it('does not end a sentence at an abbreviation, a version number or a file name', () => {
    expect(measure('Use a schema, e.g. zod 3.24 or valibot, in server/api/todos.get.ts today.').sentences).toBe(1)
  })

  it('ends a sentence at a stop inside bold or quotes', () => {
    expect(measure('**Routes.** Each file is one route. She said "done." Then left.').sentences).toBe(4)
  })

  it('fails a page over the ceiling, naming it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'prose-'))
    const long = join(folder, 'long.md')
    writeFileSync(long, `${Array.from({ length: PAGE_CEILING + 5 }, () => 'word').join(' ')}.\n`)
    const run = () => execFileSync(process.execPath, [join(root, 'scripts/prose-length.mjs'), long], { encoding: 'utf8', stdio: 'pipe' })
    expect(run).toThrow(/over 20|more than 20/)
  })

  it(`holds every page of the docs at ${PAGE_CEILING} words a sentence or fewer, and all of them at ${AVERAGE_CEILING} on average`, () => {
    const output = execFileSync(process.execPath, [join(root, 'scripts/prose-length.mjs')], { cwd: root, encoding: 'utf8' })
    expect(output).toContain('all pages')
  })
})
