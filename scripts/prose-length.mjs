#!/usr/bin/env node
// Measures how long the docs' sentences are: the words per sentence of each page's prose, with code blocks,
// inline HTML, tables and headings left out. A page over the ceiling fails, and so does the whole set when its
// average is over the target, so the docs stay easy to skim.
//
//   node scripts/prose-length.mjs            prints each page's figure; exits 1 over a ceiling
//   node scripts/prose-length.mjs --json     the same figures as JSON, for a report
//   node scripts/prose-length.mjs FILE...    only these files (the ceilings still apply)
//
// How prose is read: a paragraph is a run of lines between blank lines, and each list item starts its own. A
// sentence ends at `.`, `!` or `?` (a closing quote, bracket or bold mark may follow) before a space, and at the
// paragraph's end. A
// word is any run of non-space characters that has a letter or a digit; `inline code` counts as one word.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))

/** No page may average more words a sentence than this. */
export const PAGE_CEILING = 20
/** The docs as a whole (every sentence of every page) may average no more than this. */
export const AVERAGE_CEILING = 16

/** Every page of the site, and the README. */
function pages() {
  const found = ['README.md']
  const walk = (folder) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.md')) found.push(path)
    }
  }
  walk('docs')
  return found.sort()
}

/** The prose paragraphs of a markdown page, each one string. */
export function proseParagraphs(markdown) {
  const lines = markdown.replace(/\r\n/g, '\n').replace(/^---\n[\s\S]*?\n---\n/, '').replace(/<!--[\s\S]*?-->/g, '').split('\n')
  const paragraphs = []
  let current = []
  let fence = null
  const flush = () => {
    if (current.length) paragraphs.push(current.join(' '))
    current = []
  }
  for (const raw of lines) {
    const line = raw.trim()
    if (fence) {
      if (line.startsWith(fence)) fence = null
      continue
    }
    const opens = /^(`{3,}|~{3,})/.exec(line)
    if (opens) {
      flush()
      fence = opens[1]
      continue
    }
    if (!line || line.startsWith('#') || line.startsWith('|') || line.startsWith(':::') || /^<\/?[a-z][^>]*>$/i.test(line) || /^!\[/.test(line)) {
      flush()
      continue
    }
    const item = /^(?:[-*+]|\d+[.)]) (.*)$/.exec(line)
    if (item) {
      flush()
      current.push(item[1])
      continue
    }
    current.push(line.replace(/^>\s?/, ''))
  }
  flush()
  return paragraphs
}

/** The sentences of one paragraph, each a list of words. */
export function sentences(paragraph) {
  const text = paragraph
    .replace(/`[^`]*`/g, 'CODE')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\b(?:e\.g|i\.e|etc|vs|cf)\./gi, 'abbr')
  return text
    .split(/[.!?]+["')*_]*(?=\s|$)/)
    .map(sentence => sentence.split(/\s+/).filter(word => /[\p{L}\p{N}]/u.test(word)))
    .filter(words => words.length > 0)
}

/** Words, sentences and their ratio for one page's markdown. */
export function measure(markdown) {
  const all = proseParagraphs(markdown).flatMap(sentences)
  const words = all.reduce((sum, sentence) => sum + sentence.length, 0)
  return { words, sentences: all.length, average: all.length ? words / all.length : 0 }
}

function main() {
  const named = process.argv.slice(2).filter(argument => !argument.startsWith('--'))
  const files = named.length ? named.map(file => relative(root, resolve(file))) : pages()
  const rows = files.map(file => ({ file, ...measure(readFileSync(join(root, file), 'utf8')) }))
  const words = rows.reduce((sum, row) => sum + row.words, 0)
  const count = rows.reduce((sum, row) => sum + row.sentences, 0)
  const average = count ? words / count : 0
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ average, pages: rows }, null, 2))
  }
  else {
    for (const row of rows) console.log(`${row.average.toFixed(1).padStart(5)}  ${String(row.sentences).padStart(5)} sentences  ${row.file}${row.average > PAGE_CEILING ? `  over ${PAGE_CEILING}` : ''}`)
    console.log(`${average.toFixed(1).padStart(5)}  ${String(count).padStart(5)} sentences  all pages${average > AVERAGE_CEILING ? `  over ${AVERAGE_CEILING}` : ''}`)
  }
  const over = rows.filter(row => row.average > PAGE_CEILING)
  if (over.length || (!named.length && average > AVERAGE_CEILING)) {
    console.error(`\nprose-length: ${over.length} page(s) average more than ${PAGE_CEILING} words a sentence${average > AVERAGE_CEILING && !named.length ? `, and the docs average ${average.toFixed(1)} (ceiling ${AVERAGE_CEILING})` : ''}. Split the long sentences.`)
    process.exitCode = 1
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
