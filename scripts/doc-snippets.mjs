#!/usr/bin/env node
// Keeps the walkthrough's code the app's own code. A code block in a document that follows a marker
//
//   <!-- snippet: playground/server/utils/auth.ts#require-user -->
//
// must equal, line for line, the region of that file between `#region require-user` and
// `#endregion require-user` (in any comment style: `// #region`, `<!-- #region -->`, `# #region`), with
// the region's common indentation removed. A marker without `#name` takes the whole file. Where the app
// must differ from what a reader's app writes (the reference app loads the module from source), the line
// before it says so, and the document shows that instead:
//
//   // in your app: modules: ['@action-route/runtime'],
//   modules: ['../packages/runtime/src/module'],
//
//   node scripts/doc-snippets.mjs           checks every document under docs/, exits 1 on any drift
//   node scripts/doc-snippets.mjs --write   rewrites the documents' blocks from the app's files
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const write = process.argv.includes('--write')
const marker = /^<!-- snippet: (\S+?)(?:#([\w-]+))? -->$/

/** The lines of one region of a file (or the whole file), with their common indentation removed. */
function readRegion(file, name) {
  const lines = readFileSync(join(root, file), 'utf8').replace(/\n$/, '').split('\n')
  let body = lines
  if (name) {
    const isMark = (line, word) => new RegExp(`^\\s*(?://|<!--|#)\\s*#${word}\\s+${name}\\b`).test(line)
    const start = lines.findIndex(line => isMark(line, 'region'))
    const end = lines.findIndex((line, index) => index > start && isMark(line, 'endregion'))
    if (start < 0 || end < 0) throw new Error(`${file} has no region "${name}" (// #region ${name} ... // #endregion ${name})`)
    body = lines.slice(start + 1, end).filter(line => !/^\s*(?:\/\/|<!--|#)\s*#(?:end)?region\b/.test(line))
  }
  body = body.flatMap((line, index) => {
    const instead = /^(\s*)\/\/ in your app: (.*)$/.exec(line)
    if (instead) return [`${instead[1]}${instead[2]}`]
    return /^\s*\/\/ in your app: /.test(body[index - 1] ?? '') ? [] : [line]
  })
  const indent = Math.min(...body.filter(line => line.trim()).map(line => line.match(/^ */)[0].length))
  return body.map(line => line.slice(Number.isFinite(indent) ? indent : 0))
}

/** Checks (or rewrites) one document; returns its drifts as messages. */
function checkDocument(path) {
  const lines = readFileSync(path, 'utf8').split('\n')
  const problems = []
  for (let index = 0; index < lines.length; index++) {
    const found = marker.exec(lines[index].trim())
    if (!found) continue
    const [, file, name] = found
    const where = `${relative(root, path)}:${index + 1}`
    if (!existsSync(join(root, file))) {
      problems.push(`${where}: ${file} does not exist`)
      continue
    }
    const open = index + 1
    if (!(lines[open] ?? '').startsWith('```')) {
      problems.push(`${where}: the marker must be followed by a code block`)
      continue
    }
    const close = lines.findIndex((line, at) => at > open && /^```\s*$/.test(line))
    let region
    try {
      region = readRegion(file, name)
    }
    catch (error) {
      problems.push(`${where}: ${error.message}`)
      continue
    }
    const shown = lines.slice(open + 1, close)
    if (shown.join('\n') === region.join('\n')) continue
    if (write) {
      lines.splice(open + 1, close - open - 1, ...region)
      continue
    }
    const at = shown.findIndex((line, i) => line !== region[i])
    problems.push(`${where}: the block differs from ${file}${name ? `#${name}` : ''} at its line ${at + 1}:\n    doc:  ${shown[at] ?? '(end of block)'}\n    file: ${region[at] ?? '(end of region)'}`)
  }
  if (write) writeFileSync(path, lines.join('\n'))
  return problems
}

const documents = readdirSync(join(root, 'docs'), { recursive: true })
  .filter(name => String(name).endsWith('.md'))
  .map(name => join(root, 'docs', String(name)))
const problems = documents.flatMap(checkDocument)
if (problems.length) {
  console.error(`The docs' code blocks drifted from the app (run \`node scripts/doc-snippets.mjs --write\` to take the app's code):\n${problems.map(problem => `  ${problem}`).join('\n')}`)
  process.exit(1)
}
console.log(write ? 'Docs snippets rewritten from the app.' : 'Docs snippets match the app.')
