import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Which flavour of the app: routes written with defineAction, or plain defineEventHandler. */
export type AppKind = 'action' | 'plain'

const moduleEntry = fileURLToPath(new URL('../../packages/runtime/src/module', import.meta.url))

/** One generated file. */
interface GeneratedFile {
  path: string
  contents: string
}

function nuxtConfig(dir: string, kind: AppKind): GeneratedFile {
  const modules = kind === 'action' ? `['${relative(dir, moduleEntry)}']` : '[]'
  return {
    path: 'nuxt.config.ts',
    contents: `export default defineNuxtConfig({
  modules: ${modules},
  devtools: { enabled: false },
  telemetry: false,
  compatibilityDate: '2025-07-15',
})
`,
  }
}

function userHelper(kind: AppKind): GeneratedFile {
  return kind === 'action'
    ? {
        path: 'server/utils/with-user.ts',
        contents: `export const withUser = defineActionMiddleware(async ({ event, next }) =>
  next({ ctx: { user: getRequestHeader(event, 'x-user') ?? 'anonymous' } }))
`,
      }
    : {
        path: 'server/utils/resolve-user.ts',
        contents: `import type { H3Event } from 'h3'

export function resolveUser(event: H3Event) {
  return { user: getRequestHeader(event, 'x-user') ?? 'anonymous' }
}
`,
      }
}

/** Even routes are POST with a body schema, odd ones GET with a coercing query schema. */
function route(kind: AppKind, index: number): GeneratedFile {
  const isPost = index % 2 === 0
  const schema = isPost
    ? `z.object({ title: z.string().min(1), priority: z.number().int().min(1).max(5).default(3) })`
    : `z.object({ page: z.coerce.number().int().min(1), size: z.coerce.number().int().max(100).default(20) })`
  const data = isPost
    ? `{ id: ${index}, title: input.title, priority: input.priority, owner: ctx.user }`
    : `{ id: ${index}, page: input.page, size: input.size, owner: ctx.user }`
  const path = `server/api/r${index}/items.${isPost ? 'post' : 'get'}.ts`
  if (kind === 'action') {
    return {
      path,
      contents: `import { z } from 'zod'

export default defineAction({
  input: ${schema},
  middleware: [withUser],
  handler: ({ input, ctx }) => (${data}),
})
`,
    }
  }
  const read = isPost ? 'readValidatedBody' : 'getValidatedQuery'
  return {
    path,
    contents: `import { z } from 'zod'

const schema = ${schema}

export default defineEventHandler(async (event) => {
  const input = await ${read}(event, schema.parse)
  const ctx = resolveUser(event)
  return { success: true as const, data: ${data} }
})
`,
  }
}

/** Writes a Nuxt app with `routes` server routes of the given kind into `dir` (emptied first). */
export async function generateApp(dir: string, kind: AppKind, routes: number): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  const files: GeneratedFile[] = [
    nuxtConfig(dir, kind),
    { path: 'app/app.vue', contents: '<template>\n  <div>bench</div>\n</template>\n' },
    { path: 'package.json', contents: JSON.stringify({ name: `bench-${kind}-app`, private: true, type: 'module' }, null, 2) + '\n' },
    { path: 'tsconfig.json', contents: JSON.stringify({ files: [], references: [{ path: './.nuxt/tsconfig.app.json' }, { path: './.nuxt/tsconfig.server.json' }] }, null, 2) + '\n' },
    userHelper(kind),
    ...Array.from({ length: routes }, (_, index) => route(kind, index)),
  ]
  for (const file of files) {
    await mkdir(join(dir, file.path, '..'), { recursive: true })
    await writeFile(join(dir, file.path), file.contents)
  }
}
