// The compatibility suite's OpenAPI step (scripts/compat.mjs): the installed fixture app built with `actionRoute.openapi`
// on, by the target's own Nuxt on the target's Node, served, and its document checked. compat.mjs passes the runtime
// e2e step's build (made with the option on), so the fixture is built once per target.
import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { freePort } from './free-port.mjs'

// a child process builds, on the target's Node, with the Nuxt the app installed (`nuxt` exports loadNuxt and build);
// from a file, not `node -e`: Nitro's prerender worker inherits the process's flags, and `--input-type` stops it
const buildScript = `
const { loadNuxt, build } = await import('nuxt')
const nuxt = await loadNuxt({ cwd: process.cwd(), dev: false, overrides: JSON.parse(process.env.NUXT_OVERRIDES) })
await build(nuxt)
await nuxt.close()
`

const methods = ['get', 'head', 'post', 'put', 'patch', 'delete']

/**
 * Builds the installed fixture app into `<app>/.openapi` with `actionRoute: { openapi: { route } }` (or takes `output`,
 * a build of the app made with that option already: the runtime e2e step's `.output`), serves it, and
 * checks the document at `route`: 200 and JSON, OpenAPI 3.1, valid for `@readme/openapi-parser` (the workspace's),
 * one path per action route file of the app with its methods, the same document in `public/`, and no generator in
 * the server bundle. Throws saying which check failed; returns a one-line summary. `fetchRoute` fetches another
 * route than the one built, to see the step fail.
 * @example
 * const summary = await checkOpenApiDocument({ root, app: fixtureApp, node: node22, route: '/openapi.json' })
 */
export async function checkOpenApiDocument({ root, app, node, route = '/openapi.json', fetchRoute = route, output: built }) {
  const folder = join(app, '.openapi')
  const output = built ?? join(folder, '.output')
  if (built) {
    if (!existsSync(join(built, 'server/index.mjs'))) throw new Error(`OpenAPI: no build at ${relative(app, built)} (the runtime e2e step's build, with actionRoute.openapi, failed or did not run)`)
  }
  else build(app, folder, output, route, node)

  const server = await startServer(node, output)
  let document
  try {
    const response = await fetch(`${server.baseURL}${fetchRoute}`)
    const type = response.headers.get('content-type') ?? ''
    if (response.status !== 200) throw new Error(`OpenAPI: GET ${fetchRoute} answered ${response.status}, not 200`)
    if (!type.startsWith('application/json')) throw new Error(`OpenAPI: GET ${fetchRoute} answered content-type "${type}", not application/json`)
    document = await response.json()
  }
  finally {
    await server.close()
  }

  if (!String(document.openapi).startsWith('3.1')) throw new Error(`OpenAPI: the document's openapi is "${document.openapi}", not 3.1.x`)
  const { validate } = await import(pathToFileURL(createRequire(join(root, 'packages/runtime/package.json')).resolve('@readme/openapi-parser')).href)
  const result = await validate(structuredClone(document))
  if (!result.valid) throw new Error(`OpenAPI: @readme/openapi-parser refused the document: ${result.errors.map(error => error.message.split('\n', 1)[0]).join('; ')}`)

  const expected = actionOperations(join(app, 'server/api'))
  const missing = Object.entries(expected).flatMap(([path, verbs]) => verbs.filter(verb => !document.paths?.[path]?.[verb]).map(verb => `${verb.toUpperCase()} ${path}`))
  const extra = Object.keys(document.paths ?? {}).filter(path => !expected[path])
  if (missing.length) throw new Error(`OpenAPI: the document lacks ${missing.length} action operation(s): ${missing.join(', ')}`)
  if (extra.length) throw new Error(`OpenAPI: the document has path(s) no action route file makes: ${extra.join(', ')}`)

  const file = join(output, 'public', route)
  if (!existsSync(file) || JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))) !== JSON.stringify(document)) throw new Error(`OpenAPI: ${relative(app, file)} is missing or differs from what the server answered`)
  const generator = generatorTraces(join(output, 'server'))
  if (generator.length) throw new Error(`OpenAPI: the server bundle holds the generator: ${generator.join(', ')}`)

  const operations = Object.values(expected).reduce((sum, verbs) => sum + verbs.length, 0)
  return `OpenAPI ${document.openapi} at ${route}: valid, ${Object.keys(expected).length} paths and ${operations} operations of the action files, no generator in the server`
}

/** `nuxt build` of the app into `folder` (`.nuxt` and `output`) with `actionRoute.openapi.route`, on the target's Node. */
function build(app, folder, output, route, node) {
  const overrides = { buildDir: join(folder, '.nuxt'), nitro: { output: { dir: output } }, actionRoute: { openapi: { route } } }
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'build.mjs'), buildScript)
  console.log(`$ nuxt build ${app} (actionRoute.openapi.route ${route}, output ${relative(app, output)})`)
  try {
    execFileSync(node, [join(folder, 'build.mjs')], {
      cwd: app,
      env: { ...process.env, NODE_ENV: 'production', ACTION_ROUTE_MODULE: '@action-route/runtime', NUXT_OVERRIDES: JSON.stringify(overrides) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  }
  catch (error) {
    const lines = `${error.stderr ?? ''}\n${error.stdout ?? ''}`.split('\n')
    const errors = lines.filter(line => /error/i.test(line)).slice(0, 3)
    throw new Error(`OpenAPI: the build with actionRoute.openapi failed: ${(errors.length ? errors : lines.slice(-5)).join(' | ')}`, { cause: error })
  }
}

/** The operations each action route file of `server/api` makes, by OpenAPI path (`[id]` and a catch-all `[...path]` as `{id}` and `{path}`, `index` dropped). */
function actionOperations(apiDir) {
  const operations = {}
  for (const file of readdirSync(apiDir, { recursive: true })) {
    if (!/\.[cm]?[jt]s$/.test(file) || !/defineAction|createActionClient/.test(readFileSync(join(apiDir, file), 'utf8'))) continue
    const [, name, method] = file.replace(/\.[cm]?[jt]s$/, '').match(/^(.*?)(?:\.(get|head|post|put|patch|delete))?$/)
    const path = `/api/${name}`.replace(/\\/g, '/').replace(/\/index$/, '').replace(/\[(?:\.\.\.)?(\w+)\]/g, '{$1}')
    const verbs = !method ? methods : method === 'get' ? ['get', 'head'] : [method]
    operations[path] = [...new Set([...(operations[path] ?? []), ...verbs])]
  }
  return operations
}

/** What only the generator holds, found in the code Nitro built (not its traced dependencies); the same marks as production.test.ts. */
function generatorTraces(serverDir) {
  const marks = [['openapi-build.json', /openapi-build\.json/], ['x-action-route-unrepresentable', /x-action-route-unrepresentable/], ['@valibot/to-json-schema', /@valibot\/to-json-schema/], ['a schema conversion', /jsonSchema\??\.(?:input|output)\(/]]
  const files = readdirSync(serverDir, { recursive: true })
    .filter(file => file.endsWith('.mjs') && !file.startsWith('node_modules'))
    .map(file => ({ file, text: readFileSync(join(serverDir, file), 'utf8') }))
  const found = marks.flatMap(([what, pattern]) => files.filter(({ text }) => pattern.test(text)).map(({ file }) => `${what} in ${file}`))
  if (existsSync(join(serverDir, 'node_modules/@valibot/to-json-schema'))) found.push('node_modules/@valibot/to-json-schema')
  return found
}

/** The built server on 127.0.0.1 at a free port, on the target's Node, up when this resolves. */
async function startServer(node, output) {
  const port = await freePort()
  const child = spawn(node, [join(output, 'server/index.mjs')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NITRO_HOST: '127.0.0.1', NITRO_PORT: String(port), NODE_ENV: 'production' },
  })
  let log = ''
  child.stdout.on('data', chunk => (log += chunk))
  child.stderr.on('data', chunk => (log += chunk))
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill()
    await once(child, 'exit')
  }
  const baseURL = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  while (!(await fetch(baseURL).then(() => true, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close()
      throw new Error(`OpenAPI: the built server did not start: ${log.trim().split('\n').slice(-5).join(' | ')}`)
    }
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  return { baseURL, close }
}
