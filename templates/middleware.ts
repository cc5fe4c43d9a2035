import type { MiddlewareTemplateOptions, TemplateFile } from './types'

/**
 * A shared middleware in the server's utils folder, where Nitro auto-imports
 * it; routes that list it import it by a relative path. It reads a request
 * header the way the app's h3 major does without an import: h3 v2's web
 * `Request` (Nuxt 5 auto-imports no h3 helper), else h3 v1's auto-imported
 * `getRequestHeader`.
 * @example
 * renderMiddlewareTemplate({ path: 'server/utils/auth.ts', name: 'auth', exportName: 'auth', h3Major: 2 })
 * // { path: 'server/utils/auth.ts', contents: "export const auth = defineActionMiddleware('auth', ..." }
 */
export function renderMiddlewareTemplate(options: MiddlewareTemplateOptions): TemplateFile {
  const readUserAgent = options.h3Major === 2
    ? `event.req.headers.get('user-agent')`
    : `getRequestHeader(event, 'user-agent')`
  const lines = [
    '/**',
    ` * Runs before the handler of every action that lists it in \`middleware\`.`,
    ' * Throw createActionError(...) to halt the request, or pass things on to the handler through next({ ctx }).',
    ' */',
    `export const ${options.exportName} = defineActionMiddleware('${options.name}', async ({ event, next }) => {`,
    `  const userAgent = ${readUserAgent} ?? 'unknown'`,
    '  return next({ ctx: { userAgent } })',
    '})',
    '',
  ]
  return { path: options.path, contents: lines.join('\n') }
}
