import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { renderRoutesModule } from '../../packages/runtime/src/devtools/render-routes-module'
import type { ScannedHandler } from '../../packages/runtime/src/devtools/render-routes-module'

import { bundleRuntime } from './bundle'

/** What the generator wrote: the runtime bundle, the route module the registry reads, and each route file. */
export interface GeneratedRoutes {
  runtime: string
  routesModule: string
  files: string[]
}

function middlewareFile(): string {
  return `import { defineActionMiddleware } from '../runtime/action-route.mjs'

export const withUser = defineActionMiddleware(async function withUser({ event, next }) {
  return next({ ctx: { user: event.node.req.headers['x-user'] ?? 'anonymous' } })
})
`
}

/** Route `index`: POST with a body schema, GET with a coercing query schema, or PATCH with a params schema, in turn. */
function routeFile(index: number): { route: string, method: string, path: string, contents: string } {
  const kind = index % 3
  const method = ['post', 'get', 'patch'][kind]!
  const route = kind === 2 ? `/api/r${index}/:id` : `/api/r${index}/items`
  const path = kind === 2 ? `server/api/r${index}/[id].patch.mjs` : `server/api/r${index}/items.${method}.mjs`
  const schemas = [
    `input: z.object({ title: z.string().min(1), priority: z.number().int().min(1).max(5).default(3) }),`,
    `input: z.object({ page: z.coerce.number().int().min(1), size: z.coerce.number().int().max(100).default(20) }),`,
    `params: z.object({ id: z.coerce.number().int() }),\n  input: z.object({ done: z.boolean() }),\n  outputSchema: z.object({ id: z.number(), done: z.boolean() }),`,
  ][kind]!
  const contents = `import { z } from 'zod'
import { defineAction } from '../../runtime/action-route.mjs'
import { withUser } from '../../utils/with-user.mjs'

export default defineAction({
  ${schemas}
  middleware: [withUser],
  metadata: { summary: 'Route ${index}', tags: ['bench', 'r${index % 10}'] },
  handler: ({ input, params }) => ({ id: Number(params?.id ?? ${index}), ...input }),
})
`
  return { route, method, path, contents }
}

/**
 * Writes `count` action route files (plain ESM, as Nitro's dev build hands them over) into `dir`,
 * with the runtime bundled beside them, then the routes module the module's Nuxt side renders from Nitro's scanned handlers.
 */
export async function generateRoutes(dir: string, count: number): Promise<GeneratedRoutes> {
  await rm(dir, { recursive: true, force: true })
  await mkdir(join(dir, 'server/utils'), { recursive: true })
  const runtime = await bundleRuntime(join(dir, 'server/runtime/action-route.mjs'))
  await writeFile(join(dir, 'server/utils/with-user.mjs'), middlewareFile())
  const handlers: ScannedHandler[] = []
  for (let index = 0; index < count; index++) {
    const file = routeFile(index)
    const path = join(dir, file.path)
    await mkdir(join(path, '..'), { recursive: true })
    await writeFile(path, file.contents)
    handlers.push({ route: file.route, method: file.method, handler: path, middleware: false })
  }
  const routesModule = join(dir, 'routes-module.mjs')
  await writeFile(routesModule, renderRoutesModule(handlers, { base: '/__action-route', rootDir: dir, maxRecords: 200, redactHeaders: [] }))
  return { runtime, routesModule, files: handlers.map(handler => handler.handler!) }
}
