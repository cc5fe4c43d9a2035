import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import type { TemplateProvider } from 'giget'
import { join } from 'pathe'
import { bundledTemplates } from '../../../templates'
import type { TemplateFile, TemplateSet } from '../../../templates/types'
import { CliError } from './cli-error'

const templateProviders = new Map<string, TemplateProvider>()

/**
 * Adds a giget provider for `--template name:...` sources, beside giget's own
 * (gh:, gitlab:, bitbucket:, sourcehut:, http(s):, git:). Used by tests and by
 * tools that embed the CLI.
 * @example
 * registerTemplateProvider('acme', input => ({ name: input, tar: `https://templates.acme.dev/${input}.tar.gz` }))
 */
export function registerTemplateProvider(name: string, provider: TemplateProvider): void {
  templateProviders.set(name, provider)
}

/** Forgets a provider added with `registerTemplateProvider`. */
export function unregisterTemplateProvider(name: string): void {
  templateProviders.delete(name)
}

/** A template set ready to render, and a way to remove what it downloaded. */
export interface LoadedTemplateSet {
  templates: TemplateSet
  dispose: () => Promise<void>
}

const moduleExtensions = ['ts', 'mts', 'js', 'mjs']

function checkedTemplate(render: unknown, file: string, source: string): TemplateSet['route'] {
  if (typeof render !== 'function') throw new CliError(`${file} in template ${source} does not export a template function.`, { code: 'TEMPLATE' })
  return (options) => {
    const result = (render as (options: unknown) => unknown)(options) as Partial<TemplateFile> | undefined
    if (typeof result?.path !== 'string' || typeof result.contents !== 'string') {
      throw new CliError(`${file} in template ${source} returned no { path, contents }.`, { code: 'TEMPLATE' })
    }
    return { path: result.path, contents: result.contents }
  }
}

/**
 * The bundled templates, or a set pulled through giget. A pulled set is a
 * folder with `route.ts` (or .mts, .js, .mjs) whose default export renders the
 * route like `renderRouteTemplate`, and optionally `middleware.ts` likewise;
 * a missing middleware template falls back to the bundled one.
 * @example
 * const { templates, dispose } = await loadTemplateSet('gh:acme/action-templates/zod')
 */
export async function loadTemplateSet(source: string | undefined): Promise<LoadedTemplateSet> {
  if (!source) return { templates: bundledTemplates, dispose: async () => {} }

  const dir = await mkdtemp(join(tmpdir(), 'create-action-template-'))
  const dispose = () => rm(dir, { recursive: true, force: true })
  try {
    // giget and jiti load only when a template set is pulled
    const { downloadTemplate } = await import('giget')
    await downloadTemplate(source, { dir, force: true, providers: Object.fromEntries(templateProviders), silent: true })
  }
  catch (error) {
    await dispose()
    throw new CliError(`Could not get the template set ${source}: ${(error as Error).message}`, { code: 'TEMPLATE', cause: error })
  }

  try {
    const { createJiti } = await import('jiti')
    const jiti = createJiti(import.meta.url, { moduleCache: false, fsCache: false })
    const load = async (name: string) => {
      const extension = moduleExtensions.find(candidate => existsSync(join(dir, `${name}.${candidate}`)))
      if (!extension) return undefined
      const file = `${name}.${extension}`
      return checkedTemplate(await jiti.import(join(dir, file), { default: true }), file, source)
    }
    const route = await load('route')
    if (!route) throw new CliError(`Template ${source} has no route.ts (or route.mjs, route.js) at its top level.`, { code: 'TEMPLATE' })
    const middleware = (await load('middleware')) as TemplateSet['middleware'] | undefined
    return { templates: { route, middleware: middleware ?? bundledTemplates.middleware }, dispose }
  }
  catch (error) {
    await dispose()
    if (error instanceof CliError) throw error
    throw new CliError(`Could not load template ${source}: ${(error as Error).message}`, { code: 'TEMPLATE', cause: error })
  }
}
