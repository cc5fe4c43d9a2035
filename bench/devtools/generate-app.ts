import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const moduleEntry = fileURLToPath(new URL('../../packages/runtime/src/module', import.meta.url))

/** Route `index`: POST with a body schema, GET with a coercing query schema, or PATCH `[id]` with params, input and output schemas, in turn. */
function routeFile(index: number): { path: string, contents: string } {
  const kind = index % 3
  const path = [`server/api/r${index}/items.post.ts`, `server/api/r${index}/items.get.ts`, `server/api/r${index}/[id].patch.ts`][kind]!
  const schemas = [
    `input: z.object({ title: z.string().min(1), priority: z.number().int().min(1).max(5).default(3) }),`,
    `input: z.object({ page: z.coerce.number().int().min(1), size: z.coerce.number().int().max(100).default(20) }),`,
    `params: z.object({ id: z.coerce.number().int() }),\n  input: z.object({ done: z.boolean() }),\n  outputSchema: z.object({ id: z.number(), done: z.boolean() }),`,
  ][kind]!
  return {
    path,
    contents: `import { z } from 'zod'

export default defineAction({
  ${schemas}
  middleware: [withUser],
  metadata: { summary: 'Route ${index}', tags: ['bench', 'r${index % 10}'] },
  handler: ({ input, params }) => ({ id: Number((params as { id?: number }).id ?? ${index}), ...(input as object) }),
})
`,
  }
}

/**
 * Writes a Nuxt app with `count` action routes into `dir` (emptied first), the module loaded
 * from its source by relative path, and one plain route, `/api/ping`, as the HTTP floor.
 */
export async function generateDevApp(dir: string, count: number): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  const files = [
    {
      path: 'nuxt.config.ts',
      contents: `export default defineNuxtConfig({
  modules: ['${relative(dir, moduleEntry)}'],
  devtools: { enabled: false },
  telemetry: false,
  compatibilityDate: '2025-07-15',
})
`,
    },
    { path: 'app/app.vue', contents: '<template>\n  <div>bench</div>\n</template>\n' },
    { path: 'package.json', contents: JSON.stringify({ name: 'bench-devtools-app', private: true, type: 'module' }, null, 2) + '\n' },
    {
      path: 'server/utils/with-user.ts',
      contents: `export const withUser = defineActionMiddleware('withUser', async ({ event, next }) =>
  next({ ctx: { user: getRequestHeader(event, 'x-user') ?? 'anonymous' } }))
`,
    },
    { path: 'server/api/ping.get.ts', contents: 'export default defineEventHandler(() => ({ ok: true }))\n' },
    ...Array.from({ length: count }, (_, index) => routeFile(index)),
  ]
  for (const file of files) {
    await mkdir(join(dir, file.path, '..'), { recursive: true })
    await writeFile(join(dir, file.path), file.contents)
  }
}
