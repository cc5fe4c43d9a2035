import type { Nuxt } from '@nuxt/schema'
import { addTemplate, addTypeTemplate, updateTemplates } from '../internal/nuxt-kit'
import { dirname, join, resolve } from 'pathe'
import { scanActionRoutes } from './scan-action-routes'
import type { ScannedRoute } from './scan-action-routes'
import { renderDefaultMethods, renderRouteMethods, renderRouteTypes } from './internal/render-route-types'
import { setupRouteFileMarks } from './internal/mark-route-files'

const ROUTE_TYPES = 'types/action-routes.d.ts'
const DEFAULT_METHODS = 'action-route-methods.mjs'

/** The server directory of the app and of each layer, as Nuxt hands them to Nitro. */
function serverDirs(nuxt: Nuxt): string[] {
  return nuxt.options._layers
    .map(layer => (layer.config.serverDir || layer.config.srcDir)
      && resolve(layer.cwd, layer.config.serverDir || resolve(layer.config.srcDir!, 'server')))
    .filter((dir): dir is string => Boolean(dir))
}

/**
 * Generates the client's route map (types), and the default method of each
 * single-method route and the methods of every route (runtime), from the server route files. `refresh` is
 * called after every Nitro rescan, so `nuxi dev` picks up added and removed
 * files; edits need nothing, since the types point at the files themselves.
 */
export function setupRouteMap(nuxt: Nuxt, routeMapModule: string): { refresh: () => Promise<void> } {
  // each route file names itself to the actions it defines (a bad definition fails its own route, named)
  setupRouteFileMarks(nuxt, serverDirs(nuxt), resolve(dirname(routeMapModule), '../server/lifecycle/route-file'))
  let routes: Promise<ScannedRoute[]> | undefined
  const scan = () => routes ??= scanActionRoutes(serverDirs(nuxt), (nuxt.options as { nitro?: { apiBaseURL?: string } }).nitro?.apiBaseURL || '/api')

  addTypeTemplate({
    filename: ROUTE_TYPES,
    getContents: async () => renderRouteTypes(await scan(), join(nuxt.options.buildDir, 'types'), routeMapModule),
  })
  addTemplate({
    filename: DEFAULT_METHODS,
    write: true, // on disk, so a developer can read what the client gets
    getContents: async () => renderDefaultMethods(await scan()) + renderRouteMethods(await scan()),
  })
  addTypeTemplate({
    filename: 'types/action-route-methods.d.ts',
    getContents: () => `declare module '#build/${DEFAULT_METHODS}' {\n  const methods: Record<string, string>\n  export default methods\n  export const routeMethods: Record<string, string[] | null>\n}\n`,
  })

  let last = ''
  return {
    async refresh() {
      routes = undefined
      const key = JSON.stringify(await scan())
      if (key === last) return
      last = key
      await updateTemplates({ filter: template => template.filename === ROUTE_TYPES || template.filename === DEFAULT_METHODS })
    },
  }
}
