/** A route as Nitro 3's router takes it: a pattern without the base URL, a method (`''` for every one) and its data. */
export interface NitroRoute<TData> {
  route: string
  method: string
  data: TData
}

/** The part of a Nitro 3 instance read here: its base URL, and the router it routes its handlers with. */
export interface NitroWithRouting {
  options: { baseURL?: string }
  routing: { routes: object }
}

/** What is used of the class of Nitro 3's routers (rou3 and its compiler, the base URL before each pattern). */
interface NitroRouter<TData> {
  _update: (routes: NitroRoute<TData>[]) => void
  compileToString: () => string
}

/**
 * The source of a function `(method, path) => { data, params } | undefined`
 * that matches a URL's path as Nitro 3's own router does: a new instance of
 * the class Nitro routes its handlers with (`nitro.routing.routes`), so the
 * same rou3 and compiler, with the app's base URL before each pattern. The
 * function needs nothing at run time; each `data` is written as JSON.
 * @example
 * compileWithNitroRouter(nitro, [{ route: '/api/todos', method: 'GET', data: null }])
 * // '(() => { const $0=null; return (m,p)=>{ ... } })()'
 */
export function compileWithNitroRouter<TData>(nitro: NitroWithRouting, routes: NitroRoute<TData>[]): string {
  const NitroRouterClass = nitro.routing.routes.constructor as new (baseURL?: string) => NitroRouter<TData>
  const router = new NitroRouterClass(nitro.options.baseURL)
  router._update(routes)
  return router.compileToString()
}
