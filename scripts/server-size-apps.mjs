// The apps whose server output measures what the module adds (`pnpm bench`'s server-size part on Nuxt 4, and
// the compatibility suite on Nuxt 5): a floor of hand-written handlers, the same routes as actions that use only
// the core (schemas, params, middleware, declared errors), and the core with one capability more each.

const nuxtConfig = (modules, actionRoute) => `export default defineNuxtConfig({
  modules: ${JSON.stringify(modules)},
  devtools: { enabled: false },
  telemetry: false,
  compatibilityDate: '2025-07-15',${actionRoute ? `\n  actionRoute: ${JSON.stringify(actionRoute)},` : ''}
})
`

const floorRoute = `import { z } from 'zod'

const input = z.object({ title: z.string().min(1) })

export default defineEventHandler(async (event) => {
  if (!getHeader(event, 'authorization')) throw createError({ statusCode: 401, message: 'Sign in' })
  const id = Number(getRouterParam(event, 'id'))
  const parsed = input.safeParse(await readBody(event))
  if (!parsed.success) throw createError({ statusCode: 422, data: parsed.error.issues })
  if (id === 0) throw createError({ statusCode: 404, message: 'No such todo' })
  return { success: true, data: { id, title: parsed.data.title } }
})
`

const coreRoute = (middleware = '') => `import { z } from 'zod'

const signedIn = defineActionMiddleware('signedIn', async ({ event, next }) => {
  if (!getHeader(event, 'authorization')) throw createActionError({ code: 'UNAUTHORIZED', statusCode: 401, message: 'Sign in' })
  return next({ ctx: { user: 1 } })
})

export default defineAction({
  params: z.object({ id: z.coerce.number() }),
  input: z.object({ title: z.string().min(1) }),
  middleware: [signedIn${middleware}],
  errors: { NOT_FOUND: { statusCode: 404, message: 'No such todo' } },
  handler: ({ input, params, errors }) => {
    if (params.id === 0) throw errors.NOT_FOUND()
    return { id: params.id, title: input.title }
  },
})
`

const listRoute = 'export default defineAction({ handler: () => [{ id: 1, title: \'one\' }] })\n'
const page = script => `<script setup lang="ts">\n${script}\n</script>\n\n<template>\n  <div />\n</template>\n`

/** One app: its label, what it adds over the core, and its files. */
const app = (label, adds, files, actionRoute) => ({ label, adds, files: { 'nuxt.config.ts': nuxtConfig([MODULE], actionRoute), 'app.vue': '<template><div /></template>\n', 'server/api/todos/[id].patch.ts': coreRoute(), 'server/api/todos.get.ts': listRoute, ...files } })

/** Where the module is named in each app's nuxt.config: `appFiles` puts the real specifier there. */
const MODULE = '__MODULE__'

/**
 * Every app of the measure, by name. `floor` has no module; `core` is the goal's app; each other one is the core
 * with one capability used.
 */
export const serverSizeApps = {
  floor: { label: 'hand-written handlers (floor)', adds: '', files: { 'nuxt.config.ts': nuxtConfig([]), 'app.vue': '<template><div /></template>\n', 'server/api/todos/[id].patch.ts': floorRoute, 'server/api/todos.get.ts': 'export default defineEventHandler(() => ({ success: true, data: [{ id: 1, title: \'one\' }] }))\n' } },
  core: app('the same routes as actions: schemas, params, middleware, declared errors', '', {}),
  streaming: app('+ a streaming action', 'streaming', { 'server/api/words.get.ts': 'export default defineAction({\n  async* handler() {\n    yield \'a\'\n  },\n})\n' }),
  rateLimit: app('+ rateLimit()', 'rate limit, the shared store', { 'server/api/todos/[id].patch.ts': coreRoute(', rateLimit({ limit: 10, window: 60_000 })') }),
  idempotent: app('+ idempotent()', 'idempotency, the shared store', { 'server/api/todos/[id].patch.ts': coreRoute(', idempotent()') }),
  tracing: app('+ tracing: true', 'tracing', {}, { tracing: true }),
  singleFlight: app('+ a page that names queries to refresh', 'single flight', { 'app.vue': page('const { execute } = useAction(\'/api/todos/:id\', { method: \'PATCH\', refreshes: [\'/api/todos\'] })') }),
  forms: app('+ a page with useActionForm', 'the no-JavaScript form path', { 'app.vue': page('const { attrs } = useActionForm(\'/api/todos/:id\', { method: \'PATCH\', params: { id: 1 } })') }),
}

/**
 * The files of one app of `serverSizeApps`, with `moduleSpecifier` as the module's name in its nuxt.config.
 * @example
 * for (const [path, contents] of Object.entries(appFiles('core', '@action-route/runtime'))) writeFileSync(join(dir, path), contents)
 */
export function appFiles(name, moduleSpecifier) {
  return Object.fromEntries(Object.entries(serverSizeApps[name].files).map(([path, contents]) => [path, contents.replace(JSON.stringify(MODULE), JSON.stringify(moduleSpecifier))]))
}
