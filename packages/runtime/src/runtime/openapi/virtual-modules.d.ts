// Virtual modules rendered by src/openapi/internal/render-openapi-modules.ts.
declare module '#action-route/openapi-options' {
  /** `actionRoute.openapi`'s info, servers and exclude patterns, with Nuxt's `app.baseURL`. */
  export const options: import('./types').OpenApiDocumentOptions & { appBase: string }
}

declare module '#action-route/openapi-routes' {
  /** One entry per scanned route file of the build that renders the document. */
  export const routes: import('./generate-document').OpenApiRouteEntry[]
}
