import type { MiddlewareTemplateOptions, TemplateFile } from './types'

/**
 * A shared middleware in the server's utils folder, where Nitro auto-imports
 * it; routes that list it import it by a relative path.
 * @example
 * renderMiddlewareTemplate({ path: 'server/utils/auth.ts', name: 'auth', exportName: 'auth' })
 * // { path: 'server/utils/auth.ts', contents: "export const auth = defineActionMiddleware('auth', ..." }
 */
export function renderMiddlewareTemplate(options: MiddlewareTemplateOptions): TemplateFile {
  const lines = [
    '/**',
    ` * Runs before the handler of every action that lists it in \`middleware\`.`,
    ' * Throw createActionError(...) to halt the request, or pass things on to the handler through next({ ctx }).',
    ' */',
    `export const ${options.exportName} = defineActionMiddleware('${options.name}', async ({ event, next }) => {`,
    `  const userAgent = getRequestHeader(event, 'user-agent') ?? 'unknown'`,
    '  return next({ ctx: { userAgent } })',
    '})',
    '',
  ]
  return { path: options.path, contents: lines.join('\n') }
}
