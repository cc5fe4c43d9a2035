import { join, relative, resolve } from 'pathe'
import type { InferredInput, RouteMethod, SchemaLibrary } from '../../../templates/types'
import { fileToRoute } from '../../runtime/src/routes/file-to-route'
import { CliError } from './cli-error'
import { checkExamples, checkOptionalKeys } from './infer/check-examples'
import { inferExamplesShape, inferQueryShape } from './infer/infer-shape'
import { isReallyInside } from './is-inside'
import { defaultSchemaLibrary, detectSchemaLibraries, installedSchemaLibraries, schemaLibraries, toSchemaLibrary } from './project/detect-schema'
import { detectPackageManager, installCommand } from './project/detect-package-manager'
import { loadProject } from './project/load-project'
import type { Project } from './project/load-project'
import { findRouteOwner } from './route-conflict'
import { parseRouteSpec, routeMethods, toRouteMethod } from './route-spec'
import { checkMiddlewareNames, findExistingMiddleware, planSharedMiddleware } from './shared-middleware'
import { loadTemplateSet } from './template-source'
import { alreadyExists, exists, writeFileAtomic } from './write-file-atomic'

/** What `createAction` writes: one route file, and its shared middleware when missing. */
export interface CreateActionOptions {
  /** Any folder inside the Nuxt app: create-action walks up to nuxt.config. */
  rootDir: string
  /** The route under server/api: `todos/[id]`, or with a method suffix `todos/[id].patch`. */
  route: string
  /** Required unless `route` has a method suffix. */
  method?: RouteMethod
  /** Default: the library the app depends on (the first found), else `none`. */
  schema?: SchemaLibrary
  /** Shared middleware names, imported from server/utils and scaffolded there when missing. */
  middleware?: string[]
  /** JSON examples of the input (each an object or array for a body, a flat object for GET and HEAD): the input schema is inferred from them. */
  examples?: unknown[]
  /** Default `api`: server/api, URLs under /api. `routes` writes under server/routes. */
  folder?: 'api' | 'routes'
  /** Replace an existing route file. Without it an existing file is refused (`FILE_EXISTS`) and nothing is written. */
  overwrite?: boolean
  /** Render only: the result lists what would be written, nothing is. */
  dryRun?: boolean
  /** A streaming action: an `async* handler` whose yields are server-sent events, with an `eventSchema` stub. Not for HEAD, which answers no body. */
  stream?: boolean
}

/** A file `createAction` wrote, or would write with `dryRun`. */
export interface CreatedActionFile {
  /** Absolute path. */
  file: string
  /** Relative to the app root: `server/api/todos/[id].patch.ts`. */
  path: string
  contents: string
  /** True when a file was there before (overwritten, or would be). */
  existed: boolean
}

/** What `createAction` did: the files (the route file first) and the route they make. */
export interface CreateActionResult {
  files: CreatedActionFile[]
  method: RouteMethod
  /** The URL in h3 router syntax: `/api/todos/:id`. */
  url: string
  schema: SchemaLibrary
  dryRun: boolean
}

/** Options only the `add` command passes. */
export interface CreateActionInternals {
  /** `--template`: a template set pulled through giget instead of the bundled one. */
  template?: string
  /** The project, when the caller loaded it already. */
  project?: Project
  /** How the `FILE_EXISTS` refusal says to overwrite. */
  overwriteHint?: string
}

function chooseMethod(suffix: RouteMethod | undefined, given: unknown, route: string): RouteMethod {
  const method = given === undefined ? undefined : toRouteMethod(String(given))
  if (suffix && method && suffix !== method) {
    throw new CliError(`"${route}" ends with .${suffix} but the method given is ${method}: pass one of them.`)
  }
  const chosen = suffix ?? method
  if (!chosen) {
    throw new CliError(`"${route}" has no method: end it with one of ${routeMethods.map(name => `.${name}`).join(', ')}, like ${route}.get, or pass a method.`)
  }
  return chosen
}

function checkFolder(folder: unknown): 'api' | 'routes' {
  if (folder === undefined) return 'api'
  if (folder !== 'api' && folder !== 'routes') throw new CliError(`Unknown folder ${JSON.stringify(folder)}: use api or routes.`)
  return folder
}

function inferInput(examples: unknown, method: RouteMethod, schema: SchemaLibrary): InferredInput | undefined {
  if (examples === undefined) return undefined
  if (!Array.isArray(examples)) throw new CliError('examples must be an array of JSON examples of the input.')
  if (!examples.length) return undefined
  checkExamples(examples, { method, schema })
  const shape = method === 'get' || method === 'head'
    ? inferQueryShape(examples as Record<string, unknown>[])
    : inferExamplesShape(examples)
  checkOptionalKeys(shape)
  return { shape, examples }
}

/**
 * Writes a `defineAction` route file with the bundled templates, exactly as
 * `create-action <route>` does, without printing or asking anything. Every
 * refusal is a `CliError` with a `code`, thrown before anything is written.
 * @example
 * const result = await createAction({ rootDir: '/app', route: 'todos/[id]', method: 'patch', middleware: ['auth'] })
 * result.files.map(file => file.path) // ['server/api/todos/[id].patch.ts', 'server/utils/auth.ts']
 */
export function createAction(options: CreateActionOptions): Promise<CreateActionResult> {
  return createActionWith(options, {})
}

/**
 * `createAction` with the options only the CLI passes (a `--template` set, a
 * loaded project, its own overwrite hint). Not exported from the package.
 * @example
 * await createActionWith({ rootDir: '/app', route: 'hello.get' }, { template: 'gh:acme/templates/zod' })
 */
export async function createActionWith(options: CreateActionOptions, internals: CreateActionInternals): Promise<CreateActionResult> {
  if (typeof options.route !== 'string') throw new CliError('The route must be a string, like todos/[id].patch.')
  const project = internals.project ?? await loadProject(options.rootDir)
  const spec = parseRouteSpec(options.route)
  const method = chooseMethod(spec.method, options.method, spec.route)
  const installed = installedSchemaLibraries(project.rootDir)
  const schema = options.schema === undefined
    ? defaultSchemaLibrary(detectSchemaLibraries(project.dependencies), installed)
    : toSchemaLibrary(String(options.schema))
  if (schema !== 'none' && !installed.includes(schema)) await refuseNotInstalled(project.rootDir, schema, installed)
  const middlewareNames = options.middleware === undefined ? [] : checkMiddlewareNames(Array.isArray(options.middleware) ? options.middleware : [options.middleware])
  const input = inferInput(options.examples, method, schema)
  const folder = checkFolder(options.folder)
  const stream = options.stream === true
  if (stream && method === 'head') throw new CliError('A HEAD route answers no body, so it cannot stream: use .get (an EventSource sends GET) or .post.')

  const display = (file: string) => relative(project.rootDir, file)
  const routeDir = join(project.serverDir, folder)
  const expectedFile = join(routeDir, `${spec.route}.${method}.ts`)
  if (!await isReallyInside(routeDir, expectedFile)) throw new CliError(`"${spec.route}" would leave server/${folder} (a symlink on the way leads out of it): nothing was written.`)
  const middleware = await planSharedMiddleware(middlewareNames, { serverDir: project.serverDir, routeFile: expectedFile, rootDir: project.rootDir })
  const url = fileToRoute(`${spec.route}.ts`, folder === 'routes' ? '' : '/api').route
  const owner = await findRouteOwner(project, { url, method, file: expectedFile })
  if (owner) {
    throw new CliError(`${method.toUpperCase()} ${url} is answered already by ${owner.path}: a second file would leave one of them unreachable. Edit that file instead. Nothing was written.`, { code: 'ROUTE_TAKEN', file: owner.file })
  }

  const { templates, dispose } = await loadTemplateSet(internals.template)
  let rendered
  try {
    rendered = [
      templates.route({ dir: display(routeDir), route: spec.route, method, url, schema, params: spec.params, middleware, input, ...(stream && { stream }) }),
      ...middleware.filter(entry => entry.create).map(entry => templates.middleware({
        path: display(entry.file),
        name: entry.name,
        exportName: entry.exportName,
        h3Major: project.h3Major,
      })),
    ]
  }
  finally {
    await dispose()
  }

  if (stream && internals.template && !streams(rendered[0]!.contents)) {
    throw new CliError(`Template ${internals.template} wrote no streaming action for --stream (no async* handler and no eventSchema): it may not know the stream option. Nothing was written.`, { code: 'TEMPLATE' })
  }

  const files: CreatedActionFile[] = []
  for (const output of rendered) {
    const file = resolve(project.rootDir, output.path)
    if (!await isReallyInside(project.rootDir, file)) {
      throw new CliError(`The template wants to write ${output.path}, outside the project: nothing was written.`, { code: 'TEMPLATE' })
    }
    files.push({ file, path: display(file), contents: output.contents, existed: await exists(file) })
  }
  const [routeFile, ...middlewareFiles] = files as [CreatedActionFile, ...CreatedActionFile[]]
  const hint = internals.overwriteHint ?? 'nothing was written (set overwrite to replace it)'
  if (routeFile.existed && !options.overwrite) throw alreadyExists(routeFile.path, hint)

  const result: CreateActionResult = { files, method, url, schema, dryRun: Boolean(options.dryRun) }
  if (options.dryRun) return result

  // shared middleware first: a route importing a file that is not there yet would not build
  for (const planned of middlewareFiles) {
    await writeFileAtomic(planned.file, planned.contents, { force: false, display: planned.path, hint })
  }
  await writeFileAtomic(routeFile.file, routeFile.contents, { force: Boolean(options.overwrite), display: routeFile.path, hint })
  return result
}

// a set older than --stream ignores the option, and would write a plain action without a word
function streams(contents: string): boolean {
  return /async\s*\*|\beventSchema\b/.test(contents)
}

// a route importing a library the app cannot resolve answers 500 on every route of the dev server, pages included
async function refuseNotInstalled(rootDir: string, schema: SchemaLibrary, installed: SchemaLibrary[]): Promise<never> {
  const command = installCommand(await detectPackageManager(rootDir), schema)
  const others = installed.length > 0 ? `, or pick one the app has (${installed.join(', ')})` : ''
  throw new CliError(`${schema} is not installed in this app: install it first with \`${command}\`${others}. Nothing was written.`, { code: 'NOT_INSTALLED' })
}

/** What a "New action" form can offer for an app. */
export interface ScaffoldChoices {
  /** Every schema library the templates know. */
  schemaLibraries: SchemaLibrary[]
  /** The ones the app depends on, the first being `createAction`'s default (an installed one when there is one). */
  detected: SchemaLibrary[]
  /** The ones the app can import: `createAction` refuses the others (`NOT_INSTALLED`). */
  installed: SchemaLibrary[]
  /** For each library that is not installed, the command that installs it with the app's package manager: `pnpm add valibot`. */
  installCommands: Partial<Record<SchemaLibrary, string>>
  /** The middleware the app has: every `defineActionMiddleware` export of server/utils, by its export name (which `createAction` takes). */
  middleware: string[]
  methods: RouteMethod[]
}

/**
 * The choices `createAction` accepts for the app at or above `rootDir`.
 * @example
 * await scaffoldOptions('/app')
 * // { schemaLibraries: ['zod', 'valibot', 'arktype', 'none'], detected: ['zod'], installed: ['zod'],
 * //   installCommands: { valibot: 'pnpm add valibot', arktype: 'pnpm add arktype' }, middleware: ['requireUser'], methods: ['get', ...] }
 */
export async function scaffoldOptions(rootDir: string): Promise<ScaffoldChoices> {
  const project = await loadProject(rootDir)
  const installed = installedSchemaLibraries(project.rootDir)
  const detected = detectSchemaLibraries(project.dependencies)
  const preferred = defaultSchemaLibrary(detected, installed)
  const manager = await detectPackageManager(project.rootDir)
  return {
    schemaLibraries: [...schemaLibraries],
    detected: [...detected.filter(name => name === preferred), ...detected.filter(name => name !== preferred)],
    installed,
    installCommands: Object.fromEntries(schemaLibraries.filter(name => name !== 'none' && !installed.includes(name)).map(name => [name, installCommand(manager, name)])),
    middleware: (await findExistingMiddleware(project.serverDir)).map(entry => entry.exportName),
    methods: [...routeMethods],
  }
}
