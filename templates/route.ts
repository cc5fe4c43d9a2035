import type { RouteTemplateOptions, SchemaLibrary, SchemaTemplate, TemplateFile } from './types'
import { zodSchema } from './schemas/zod'
import { valibotSchema } from './schemas/valibot'
import { arktypeSchema } from './schemas/arktype'
import { noneSchema } from './schemas/none'
import { exampleComment } from './shapes/example-comment'
import { eventTypeLines, handlerLines } from './handler'

const schemaTemplates: Record<SchemaLibrary, SchemaTemplate> = {
  zod: zodSchema,
  valibot: valibotSchema,
  arktype: arktypeSchema,
  none: noneSchema,
}

/**
 * The route file: a `defineAction` with params and input stubs for the schema
 * library, a middleware (its own stub, or the shared ones) and a handler that
 * echoes its params and input (never ctx). With `stream`, the handler is an async generator
 * that yields a few events first, with an `eventSchema` stub (a type without a
 * schema library).
 * @example
 * renderRouteTemplate({ dir: 'server/api', route: 'todos/[id]', method: 'patch', url: '/api/todos/:id', schema: 'zod', params: ['id'], middleware: [] })
 * // { path: 'server/api/todos/[id].patch.ts', contents: "import { z } from 'zod'\n..." }
 * renderRouteTemplate({ dir: 'server/api', route: 'chat', method: 'post', url: '/api/chat', schema: 'zod', params: [], middleware: [], stream: true })
 * // { path: 'server/api/chat.post.ts', contents: "...eventSchema: z.object({...async* handler(..." }
 */
export function renderRouteTemplate(options: RouteTemplateOptions): TemplateFile {
  const snippets = schemaTemplates[options.schema]({ params: options.params, method: options.method, input: options.input?.shape })
  const description = `${options.method.toUpperCase()} ${options.url}`
  const stream = options.stream === true

  const imports = [
    snippets.imports,
    ...options.middleware.map(shared => `import { ${shared.exportName} } from '${shared.importPath}'`),
  ].filter(Boolean)

  const middlewareStub = options.middleware.length
    ? []
    : [
        '// runs before the handler: throw createActionError(...) to halt, or add to ctx through next()',
        `const stampRequest = defineActionMiddleware('stampRequest', async ({ next }) => {`,
        `  return next({ ctx: { requestedAt: new Date().toISOString() } })`,
        '})',
        '',
      ]

  const middlewareNames = options.middleware.length
    ? options.middleware.map(shared => shared.exportName)
    : ['stampRequest']

  const fields: string[] = []
  if (snippets.params) {
    fields.push(
      '  // the dynamic segments of the URL, always strings: coerce them when they hold numbers',
      `  params: ${snippets.params},`,
    )
  }
  const inputComment = options.input ? exampleComment(options.method, options.input.examples) : [snippets.inputExample]
  if (snippets.input) {
    fields.push(...inputComment.map(line => `  // ${line}`), `  input: ${snippets.input},`)
  }
  else if (options.input) {
    fields.push(...inputComment.map(line => `  // ${line}`))
  }
  if (stream && snippets.event) {
    fields.push('  // each yield is checked against it before it is sent, and types the client\'s events', `  eventSchema: ${snippets.event},`)
  }
  if (options.schema === 'none') {
    fields.push('  // no schema: input is unknown and params are raw strings; add `input` and `params` to validate them')
  }

  const lines = [
    ...imports,
    ...(imports.length ? [''] : []),
    ...middlewareStub,
    ...eventTypeLines({ stream, schema: options.schema }),
    stream ? `// ${description}, streamed: text/event-stream, one event a yield, then an end event with the returned data` : `// ${description}`,
    'export default defineAction({',
    ...fields,
    `  middleware: [${middlewareNames.join(', ')}],`,
    `  metadata: { description: '${description}' },`,
    ...handlerLines({ stream, schema: options.schema, sharedMiddleware: options.middleware.length > 0 }),
    '})',
    '',
  ]

  return {
    path: `${options.dir}/${options.route}.${options.method}.ts`,
    contents: lines.join('\n'),
  }
}
