import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const page = readFileSync(join(root, 'docs/feature-matrix.md'), 'utf8')
const rows = page.split('\n').filter(line => /^\| [^|]+ × [^|]+ \|/.test(line))
/** A test file's text with its string escapes and concatenations undone, as the page quotes its names. */
const testText = (path: string) => readFileSync(join(root, path), 'utf8').replace(/\\'/g, '\'').replace(/'\s*\+\s*'/g, '')

describe('docs/feature-matrix.md', () => {
  it('has one row for each of the 105 pairs of its 15 features, each with a test, a reason or "no test yet"', () => {
    expect(rows).toHaveLength(105)
    const pairs = rows.map(row => row.split('|')[1]!.trim().toLowerCase())
    expect(new Set(pairs).size).toBe(105)
    for (const row of rows) expect(row.split('|')[3]!.trim(), row).toMatch(/^(?:`[^`]+\.test(?:-d)?\.ts`|n\/a: |no test yet)/)
  })

  it('names only tests that exist, under those names, in those files', () => {
    const missing: string[] = []
    for (const [, path, name] of page.matchAll(/`([\w./[\]-]+\.test(?:-d)?\.ts)` > `([^`]+)`/g)) {
      if (!existsSync(join(root, path!))) {
        missing.push(`${path} (no such file)`)
        continue
      }
      const text = testText(path!)
      // `describe > it`: each part is in the file; `%s` stands for a table's value
      for (const part of name!.split(' > ')) {
        if (!part.split('%s').every(piece => text.includes(piece))) missing.push(`${path} > ${part}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('counts what it lists: the pairs with a test, those that cannot meet, and the gaps', () => {
    const count = (pattern: RegExp) => rows.filter(row => pattern.test(row.split('|')[3]!.trim())).length
    const tested = count(/^`/)
    const cannot = count(/^n\/a: /)
    const gaps = count(/^no test yet/)
    expect(tested + cannot + gaps).toBe(105)
    expect(page).toContain(`${tested} pairs have a test, ${cannot} cannot meet, and ${gaps} ha`)
  })
})
