// Routes the docs' samples call that neither the reference app nor a sample defines
declare module '../../packages/runtime/src/runtime/app/route-map' {
  interface ActionRoutes {
    '/api/stats': {
      get: typeof import('./routes/stats.get').default
    }
  }
}
export {}
