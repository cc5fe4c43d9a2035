import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { basename, join, relative } from 'pathe'
import { camelCase } from 'scule'
import { glob } from 'tinyglobby'

/** What `@action-route/runtime` auto-imports in server code (its module's `serverAutoImports`; a test keeps the two equal). */
export const MODULE_SERVER_IMPORTS = ['defineAction', 'defineActionMiddleware', 'createActionClient', 'createActionError', 'isActionError', 'rateLimit', 'idempotent'] as const

// Nitro 2's and Nitro 3's server auto-imports and the ones Nuxt adds: Nitro keeps them in its build code, not in a
// module the CLI could read without booting Nuxt
const NITRO_SERVER_IMPORTS = [
  'useNitroApp', 'useRuntimeConfig', 'useAppConfig', 'defineNitroPlugin', 'nitroPlugin', 'defineCachedFunction',
  'defineCachedEventHandler', 'defineCachedHandler', 'cachedFunction', 'cachedEventHandler', 'useStorage', 'useDatabase',
  'defineRenderHandler', 'defineRouteMeta', 'getRouteRules', 'useEvent', 'useRequest', 'defineTask', 'runTask',
  'defineNitroErrorHandler', 'defineAppConfig', 'defineWebSocketHandler', 'defineHandler', 'defineEventHandler',
]

// where an app's h3 comes from when the app does not depend on it: Nuxt, through its Nitro server
const H3_CARRIERS = ['nuxt', '@nuxt/nitro-server', 'nitropack', 'nitro']

/**
 * The names an app's server code is given: h3's (read from the h3 the app installs, as Nitro
 * does), Nitro's and Nuxt's, the module's, and every export of `server/utils` and `shared/utils`
 * (Nitro auto-imports them all, folders included), each with who gives it, as a refusal says it.
 * A middleware exported under one of them would replace it in every server file.
 * @example
 * const names = await readServerNames({ rootDir: '/app', serverDir: '/app/server' })
 * names.get('getCookie') // ['h3 exports and Nuxt auto-imports in server code']
 */
export async function readServerNames(paths: { rootDir: string, serverDir: string }): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>()
  const add = (name: string, owner: string) => {
    names.set(name, [...names.get(name) ?? [], owner])
  }
  for (const [file, exported] of await readUtilsExports(paths)) {
    for (const name of exported) add(name, `${file} exports already`)
  }
  for (const name of MODULE_SERVER_IMPORTS) add(name, '@action-route/runtime auto-imports')
  for (const name of NITRO_SERVER_IMPORTS) add(name, 'Nitro auto-imports')
  for (const name of await readH3Exports(paths.rootDir)) add(name, 'h3 exports and Nuxt auto-imports in server code')
  return names
}

/** h3's function exports as the app resolves h3 (Nitro auto-imports the lowercase ones); none when it has no h3 installed. */
async function readH3Exports(rootDir: string): Promise<string[]> {
  const entry = resolveH3(rootDir)
  if (!entry) return []
  try {
    const h3 = await import(pathToFileURL(entry).href) as Record<string, unknown>
    return Object.keys(h3).filter(name => /^[a-z]/.test(name) && name !== 'use' && name !== 'default')
  }
  catch {
    return []
  }
}

function resolveH3(rootDir: string): string | undefined {
  let from = join(rootDir, 'package.json')
  const tried = [from]
  for (const carrier of H3_CARRIERS) {
    try {
      from = createRequire(from).resolve(`${carrier}/package.json`)
      tried.push(from)
    }
    catch {
      // not in this app's chain: look from the next one
    }
  }
  for (const base of tried) {
    try {
      return createRequire(base).resolve('h3')
    }
    catch {
      // try the next package of the chain
    }
  }
  return undefined
}

async function readUtilsExports(paths: { rootDir: string, serverDir: string }): Promise<[string, string[]][]> {
  const folders = [join(paths.serverDir, 'utils'), join(paths.rootDir, 'shared/utils')]
  const found: [string, string[]][] = []
  for (const folder of folders) {
    const files = await glob('**/*.{ts,mts,js,mjs}', { cwd: folder, absolute: true, ignore: ['**/*.d.ts', '**/node_modules/**'] }).catch(() => [])
    for (const file of files.sort()) {
      const source = await readFile(file, 'utf8').catch(() => '')
      found.push([relative(paths.rootDir, file), exportNames(source, file)])
    }
  }
  return found
}

/** The names a module exports, as Nitro's auto-import scan reads them (a default export takes the file's name). */
function exportNames(source: string, file: string): string[] {
  const names: string[] = []
  for (const match of source.matchAll(/export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class)\s+([$\w]+)/g)) names.push(match[1]!)
  for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim()
      if (name && name !== 'default' && !name.startsWith('type ')) names.push(name)
    }
  }
  if (/export\s+default\b/.test(source)) names.push(camelCase(basename(file).replace(/\.\w+$/, '')))
  return names
}
