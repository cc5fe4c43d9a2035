import type { RouteTemplateOptions, SchemaLibrary, SchemaTemplate, TemplateFile } from './types'
import { zodSchema } from './schemas/zod'
import { valibotSchema } from './schemas/valibot'
import { arktypeSchema } from './schemas/arktype'
import { noneSchema } from './schemas/none'
import { exampleComment } from './shapes/example-comment'

const schemaTemplates: Record<SchemaLibrary, SchemaTemplate> = {
  zod: zodSchema,
  valibot: valibotSchema,
  arktype: arktypeSchema,
  none: noneSchema,
}

/**
 * The route file: a `defineAction` with params and input stubs for the schema
 * library, a middleware (its own stub, or the shared ones) and a handler that
 * echoes what it received.
 * @example
 * renderRouteTemplate({ dir: 'server/api', route: 'todos/[id]', method: 'patch', url: '/api/todos/:id', schema: 'zod', params: ['id'], middleware: [] })
 * // { path: 'server/api/todos/[id].patch.ts', contents: "import { z } from 'zod'\n..." }
 */
export function renderRouteTemplate(options: RouteTemplateOptions): TemplateFile {
  const snippets = schemaTemplates[options.schema]({ params: options.params, method: options.method, input: options.input?.shape })
  const description = `${options.method.toUpperCase()} ${options.url}`

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
  if (options.schema === 'none') {
    fields.push('  // no schema: input is unknown and params are raw strings; add `input` and `params` to validate them')
  }

  const lines = [
    ...imports,
    ...(imports.length ? [''] : []),
    ...middlewareStub,
    `// ${description}`,
    'export default defineAction({',
    ...fields,
    `  middleware: [${middlewareNames.join(', ')}],`,
    `  metadata: { description: '${description}' },`,
    '  handler: ({ params, input, ctx }) => {',
    '    // replace with the real work: what this returns is the envelope\'s data',
    '    return { params, input, ctx }',
    '  },',
    '})',
    '',
  ]

  return {
    path: `${options.dir}/${options.route}.${options.method}.ts`,
    contents: lines.join('\n'),
  }
}
