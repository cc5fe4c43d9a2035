#!/usr/bin/env node
// Type-checks every TypeScript and Vue sample of the docs (```ts, ```typescript, ```vue in README.md and
// docs/**/*.md) in one `vue-tsc -b` run, against the reference app as `nuxi prepare playground` left it: its
// routes, auto-imports and the runtime's source types.
//
// Each sample becomes a file of one of these projects, the context it is read in:
//
//   h3-v2    samples that import @action-route/runtime/server/h3-v2: plain TypeScript, `h3` is h3 2
//   node     samples that import h3, @action-route/runtime/server or @action-route/cli: plain TypeScript
//   config   samples that call defineNuxtConfig: the tsconfig of nuxt.config.ts
//   app      .vue samples, and samples that call the client ($action, useAction...): the app's tsconfig
//   server   samples that define actions, middleware or Nitro plugins, or whose first line names a file
//            under server/: the app's server tsconfig
//   app      any other sample
//
// (the first that fits). A sample with a syntax error is reported and left out of its project, since
// TypeScript reports no type errors in a project while one of its files has one.
//
// A block after a `<!-- snippet: ... -->` marker is the app's own code (scripts/doc-snippets.mjs keeps them
// equal), checked by the app's typecheck, so it is skipped here. So is a file of a walkthrough page or of a recipe
// (its path in bold before the block, scripts/docs-app.mjs and scripts/docs-recipes.mjs): CI builds and type-checks
// the apps those pages make. Any other sample is a whole file unless the line before its fence is a sample marker,
// an HTML comment the rendered page does not show:
//
//   <!-- sample: server -->                  read it in that context (when the guess above is wrong)
//   <!-- sample: skip: why -->               not checked (say why: a package the repository lacks...)
//   <!-- sample: app                         the lines after the first are the rest of the file, which the
//   const page = ref(1)                      reader's app has and the page leaves out: put before the sample,
//   -->                                      or, when one line is `...`, around it (the sample goes there);
//                                            they cannot hold `-->`, which ends the comment
//
//   <!-- sample: server
//   export default defineAction({
//     handler: ({ errors }) => {
//       ...
//     },
//   })
//   -->
//
// A sample line whose comment says `does not compile` must not compile: it is checked with @ts-expect-error.
//
// Routes: the app's route map is the reference app's. A route it lacks comes from the first sample that
// defines it (its first line names the file, `// server/api/orders.post.ts`, or the route, `// POST /api/chat`),
// else from scripts/doc-types/routes.d.ts.
//
//   node scripts/doc-types.mjs      exits 1 and prints doc:line: error for each sample that does not compile
//   node scripts/doc-types.mjs --root <dir>   the docs of another folder (its docs/ and README.md), for tests
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { WALKTHROUGH_PAGES, labelOf } from './docs-app.mjs'
import { RECIPE_PAGES } from './docs-recipes.mjs'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const rootArg = process.argv.indexOf('--root')
const docsRoot = rootArg > 0 ? resolve(process.argv[rootArg + 1]) : repo
const nuxtDir = join(repo, 'playground/.nuxt')
const runtimeSrc = join(repo, 'packages/runtime/src')
// inside the runtime's node_modules: git ignores it, and the samples' imports (zod, valibot, h3,
// @opentelemetry/*, @pinia/colada, @tanstack/vue-query) resolve as the runtime's dependencies. One folder a
// run, so runs at the same time do not meet; a failed run's stays for a look until a later run
const cache = join(repo, 'packages/runtime/node_modules/.cache/doc-types')
const out = join(cache, String(process.pid))

const contexts = ['app', 'server', 'config', 'node', 'h3-v2']
const fence = /^```(ts|typescript|vue)\s*$/
const clientWords = /\$action\(|\buseAction\w*\(|\brefreshActionQueries\(/
const serverWords = /\b(?:defineAction|defineActionMiddleware|createActionClient|defineNitroPlugin|defineEventHandler|authedAction)\b/

/** The context a sample is read in, from its marker or its code. */
function contextOf(lang, code, marked) {
  if (marked) return marked
  if (lang === 'vue') return 'app'
  if (/from '@action-route\/runtime\/server\/h3-v2'/.test(code)) return 'h3-v2'
  if (/from '(?:h3|@action-route\/runtime\/server|@action-route\/cli)'/.test(code)) return 'node'
  if (/\bdefineNuxtConfig\(/.test(code)) return 'config'
  if (clientWords.test(code)) return 'app'
  if (/^\/\/ server\//.test(code) || serverWords.test(code)) return 'server'
  return 'app'
}

/** The route a sample defines (`/api/orders`, `post`), from the file or route its first line names. */
function routeOf(code) {
  const file = /^\/\/ server\/(api|routes)\/(\S+?)\.(get|post|put|patch|delete|head)\.ts\b/.exec(code)
  if (file) {
    const path = file[2].replace(/(?:^|\/)index$/, '').replace(/\[\.\.\.(\w+)\]/g, '**:$1').replace(/\[(\w+)\]/g, ':$1')
    return { route: `${file[1] === 'api' ? '/api' : ''}/${path}`.replace(/\/$/, '') || '/', method: file[3] }
  }
  const named = /^\/\/ (GET|POST|PUT|PATCH|DELETE) (\/\S*)/.exec(code)
  return named ? { route: named[2].replace(/,$/, ''), method: named[1].toLowerCase() } : undefined
}

/** The samples of one document: where each starts, its language, context, code and the file around it. */
function readSamples(path) {
  const lines = readFileSync(path, 'utf8').split('\n')
  const samples = []
  for (let index = 0; index < lines.length; index++) {
    const found = fence.exec(lines[index])
    if (!found) continue
    const close = lines.findIndex((line, at) => at > index && /^```\s*$/.test(line))
    const code = lines.slice(index + 1, close)
    const at = index
    index = close
    if ((lines[at - 1] ?? '').startsWith('<!-- snippet: ')) continue
    if ([...WALKTHROUGH_PAGES, ...RECIPE_PAGES].includes(relative(docsRoot, path)) && labelOf(lines, at)) continue
    let marker
    if (/-->\s*$/.test(lines[at - 1] ?? '')) {
      const start = lines.findLastIndex((line, i) => i < at && line.startsWith('<!-- sample:'))
      const between = lines.slice(start, at).join('\n')
      if (start >= 0 && !lines.slice(start + 1, at - 1).some(line => /-->/.test(line)) && /-->\s*$/.test(between)) {
        const [first, ...rest] = between.replace(/^<!-- sample:/, '').replace(/-->\s*$/, '').split('\n')
        marker = { words: first.trim(), body: rest, line: start + 1 }
      }
    }
    if (marker?.words.startsWith('skip')) continue
    const marked = contexts.find(context => marker?.words === context)
    if (marker && marker.words && !marked) throw new Error(`${relative(docsRoot, path)}:${marker.line}: unknown sample marker "${marker.words}" (${contexts.join(', ')} or skip: why)`)
    samples.push({ doc: path, line: at + 1, lang: found[1], code, body: marker?.body ?? [], markerLine: marker?.line, context: contextOf(found[1], code.join('\n'), marked) })
  }
  return samples
}

/** The file a sample becomes, and for each of its lines the document line it came from (0: the marker's). */
function renderSample(sample) {
  const code = sample.code.flatMap((line, i) => /\/\/ does not compile\b/.test(line)
    ? [[`${line.match(/^\s*/)[0]}// @ts-expect-error the doc says this line does not compile`, sample.line + 1 + i], [line, sample.line + 1 + i]]
    : [[line, sample.line + 1 + i]])
  const around = sample.body.map(line => [line, sample.markerLine])
  const hole = sample.body.findIndex(line => line.trim() === '...')
  const all = hole < 0 ? [...around, ...code] : [...around.slice(0, hole), ...code, ...around.slice(hole + 1)]
  if (sample.lang !== 'vue' && !all.some(([line]) => /^\s*(?:import|export)\b/.test(line))) all.push(['export {}', sample.line + sample.code.length])
  return { text: `${all.map(([line]) => line).join('\n')}\n`, lines: all.map(([, line]) => line) }
}

/** A path from the generated folder, as tsconfig files want it. */
const fromOut = (...to) => {
  const path = relative(out, join(...to))
  return path.startsWith('.') ? path : `./${path}`
}

/** One project's tsconfig: the app's, re-rooted in the generated folder, with the samples as its files. */
function writeProject(context, files) {
  const plain = {
    compilerOptions: {
      target: 'ESNext', module: 'preserve', moduleResolution: 'Bundler', lib: ['ESNext', 'DOM', 'DOM.Iterable'], types: ['node'],
      strict: true, noUncheckedIndexedAccess: true, skipLibCheck: true, noEmit: true, verbatimModuleSyntax: true,
      paths: {},
    },
  }
  const base = {
    app: 'tsconfig.app.json', server: 'tsconfig.server.json', config: 'tsconfig.node.json',
  }[context]
  const config = base ? JSON.parse(readFileSync(join(nuxtDir, base), 'utf8')) : plain
  const options = { ...config.compilerOptions }
  options.paths = Object.fromEntries(Object.entries(options.paths ?? {}).map(([name, targets]) => [name, targets.map(target => fromOut(nuxtDir, target))]))
  for (const [name, target] of Object.entries({ '': 'module.ts', '/server': 'runtime/server/index.ts', '/server/h3-v2': 'runtime/server/h3-v2.ts', '/client': 'runtime/app/index.ts', '/colada': 'runtime/colada/index.ts', '/vue-query': 'runtime/vue-query/index.ts' })) {
    options.paths[`@action-route/runtime${name}`] = [fromOut(runtimeSrc, target)]
  }
  if (context === 'h3-v2') options.paths.h3 = [fromOut(repo, 'packages/runtime/node_modules/h3-v2')]
  const typeFiles = (base ? config.include : []).filter(path => path.endsWith('.d.ts')).map(path => fromOut(nuxtDir, path))
  const project = {
    compilerOptions: options,
    ...(config.vueCompilerOptions ? { vueCompilerOptions: config.vueCompilerOptions } : {}),
    include: typeFiles.filter(path => path.includes('*')),
    files: [...typeFiles.filter(path => !path.includes('*')), ...files],
  }
  writeFileSync(join(out, `tsconfig.${context}.json`), `${JSON.stringify(project, null, 2)}\n`)
}

/** The route map entries of routes the app lacks, from the samples that define them and the fixture. */
function writeRoutes(samples, byFile) {
  const known = readFileSync(join(nuxtDir, 'types/action-routes.d.ts'), 'utf8')
  const has = (route, method) => new RegExp(`"${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}": \\{[^}]*\\b${method}:`).test(known)
  const routes = new Map()
  for (const sample of samples) {
    const defined = sample.context === 'server' && routeOf(sample.code.join('\n'))
    if (!defined || has(defined.route, defined.method)) continue
    const methods = routes.get(defined.route) ?? {}
    methods[defined.method] ??= `typeof import('./${byFile.get(sample).replace(/\.ts$/, '')}').default`
    routes.set(defined.route, methods)
  }
  const entries = [...routes].map(([route, methods]) => `    '${route}': {\n${Object.entries(methods).map(([method, type]) => `      ${method}: ${type}\n`).join('')}    }\n`)
  writeFileSync(join(out, 'routes.d.ts'), `// the routes the docs' samples define and the reference app lacks\ndeclare module '${fromOut(runtimeSrc, 'runtime/app/route-map')}' {\n  interface ActionRoutes {\n${entries.join('')}  }\n}\nexport {}\n`)
}

const documents = [
  ...existsSync(join(docsRoot, 'README.md')) ? [join(docsRoot, 'README.md')] : [],
  ...readdirSync(join(docsRoot, 'docs'), { recursive: true })
    .map(String)
    .filter(name => name.endsWith('.md') && !name.split('/').some(part => part === 'node_modules' || part.startsWith('.')))
    .sort()
    .map(name => join(docsRoot, 'docs', name)),
]
if (!existsSync(join(nuxtDir, 'tsconfig.app.json'))) {
  console.error('The samples are checked against the prepared reference app: run `pnpm exec nuxi prepare playground` first.')
  process.exit(1)
}
const samples = documents.flatMap(readSamples)
const checked = samples.length

for (const run of existsSync(cache) ? readdirSync(cache).filter(name => /^\d+$/.test(name)) : []) {
  let alive = false
  try {
    alive = process.kill(Number(run), 0)
  }
  catch {
    // no such process: that run has ended
  }
  if (!alive) rmSync(join(cache, run), { recursive: true, force: true })
}
for (const context of contexts) mkdirSync(join(out, context), { recursive: true })
const byFile = new Map()
const lineMaps = new Map()
const problems = new Set()
const where = (sample, line) => `${relative(docsRoot, sample.doc)}:${line}`
for (const sample of [...samples]) {
  const name = `${relative(docsRoot, sample.doc).replace(/\.md$/, '').replace(/\W+/g, '-')}-${sample.line}.${sample.lang === 'vue' ? 'vue' : 'ts'}`
  const file = `${sample.context}/${name}`
  const { text, lines } = renderSample(sample)
  if (sample.lang !== 'vue') {
    const syntax = ts.transpileModule(text, { reportDiagnostics: true, fileName: name }).diagnostics ?? []
    for (const diagnostic of syntax) {
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
      problems.add(`${where(sample, lines[line] ?? lines.at(-1))}: error TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`)
    }
    if (syntax.length) {
      samples.splice(samples.indexOf(sample), 1)
      continue
    }
  }
  writeFileSync(join(out, file), text)
  byFile.set(sample, file)
  lineMaps.set(join(out, file), { sample, lines })
}
writeRoutes(samples, byFile)
for (const context of contexts) {
  const files = samples.filter(sample => sample.context === context).map(sample => `./${byFile.get(sample)}`)
  writeProject(context, context === 'app' ? [...files, './routes.d.ts', fromOut(repo, 'scripts/doc-types/routes.d.ts')] : files)
}
writeFileSync(join(out, 'tsconfig.json'), `${JSON.stringify({ files: [], references: contexts.map(context => ({ path: `./tsconfig.${context}.json` })) }, null, 2)}\n`)

let output = ''
try {
  execFileSync(join(repo, 'node_modules/.bin/vue-tsc'), ['-b', join(out, 'tsconfig.json'), '--pretty', 'false'], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}
catch (error) {
  output = `${error.stdout ?? ''}${error.stderr ?? ''}`
}

// vue-tsc names the generated file and its line: name the document's line instead
for (const entry of output.split(/\n(?=\S)/).filter(Boolean)) {
  const found = /^(.+?)\((\d+),\d+\): (error .*)$/s.exec(entry)
  const mapped = found && lineMaps.get(resolve(repo, found[1]))
  if (!mapped) {
    // an error in the runtime's source seen from a plain project (import.meta.dev) is the runtime's typecheck's
    if (!found) problems.add(entry.trim())
    continue
  }
  const line = mapped.lines[Number(found[2]) - 1] ?? mapped.lines.at(-1)
  problems.add(`${where(mapped.sample, line)}: ${found[3].trim()}${line === mapped.sample.markerLine ? ' (in the marker\'s lines)' : ''}`)
}
if (problems.size) {
  console.error(`The docs' samples do not compile (${problems.size} errors in ${checked} samples; the generated files are in ${relative(repo, out)}):\n${[...problems].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).map(problem => `  ${problem}`).join('\n')}`)
  process.exit(1)
}
rmSync(out, { recursive: true, force: true })
console.log(`The docs' ${checked} TypeScript and Vue samples compile.`)
