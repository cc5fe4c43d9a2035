import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Which page the app has: everything by hand (`$fetch`, `useAsyncData`), the buttons through useAction and $action, or the listing through useActionQuery too. */
export type ClientAppKind = 'floor' | 'action' | 'query'

/** Where the build writes the client's modules and their rendered sizes, relative to the app. */
export const modulesReportFile = '.bench/client-modules.json'

const moduleEntry = fileURLToPath(new URL('../../packages/runtime/src/module', import.meta.url))

// a Vite plugin that writes, for the client build only, each bundled module's rendered length;
// it reads the bundle after rendering, so the emitted files are the same as without it
function nuxtConfig(dir: string): string {
  return `import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

const reportFile = ${JSON.stringify(join(dir, modulesReportFile))}

export default defineNuxtConfig({
  modules: [${JSON.stringify(moduleEntry)}],
  devtools: { enabled: false },
  telemetry: false,
  compatibilityDate: '2025-07-15',
  vite: {
    plugins: [{
      name: 'bench-client-modules',
      apply: 'build',
      generateBundle(output, bundle) {
        if (!output.dir?.replaceAll('\\\\', '/').endsWith('/client')) return
        const modules = {}
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue
          for (const [id, info] of Object.entries(chunk.modules)) modules[id] = (modules[id] ?? 0) + info.renderedLength
        }
        mkdirSync(dirname(reportFile), { recursive: true })
        writeFileSync(reportFile, JSON.stringify(modules, null, 2))
      },
    }],
  },
})
`
}

const serverRoute = `import { z } from 'zod'

export default defineAction({
  input: z.object({ title: z.string().min(1) }),
  handler: ({ input }) => ({ id: 1, title: input.title }),
})
`

const queryRoute = `export default defineAction({
  handler: () => [{ id: 1, title: 'one' }],
})
`

// the buttons: two POSTs to /api/x, by hand or through useAction and $action
const buttons = {
  byHand: `const saved = ref<unknown>(null)
async function save() {
  saved.value = await $fetch('/api/x', { method: 'POST', body: { title: 'a' } })
}
async function send() {
  saved.value = await $fetch('/api/x', { method: 'POST', body: { title: 'b' } })
}`,
  action: `const { execute, data: saved } = useAction('/api/x', { method: 'POST' })
async function save() {
  await execute({ title: 'a' })
}
async function send() {
  const result = await $action('/api/x', { method: 'POST', input: { title: 'b' } })
  if (result.success) saved.value = result.data
}`,
}

// the listing: a GET of /api/list during SSR, by hand with useAsyncData or through useActionQuery (not awaited: useActionQuery is not thenable)
const listing = {
  byHand: `const { data: list } = useAsyncData('list', () => $fetch('/api/list'))`,
  action: `const { data: list } = useActionQuery('/api/list')`,
}

/**
 * The same page three ways; the template is the same. The floor does everything by hand,
 * `action` moves the buttons to useAction and $action, `query` also the listing to useActionQuery.
 */
function page(kind: ClientAppKind): string {
  const script = [
    kind === 'floor' ? buttons.byHand : buttons.action,
    kind === 'query' ? listing.action : listing.byHand,
  ].join('\n')
  return `<script setup lang="ts">
${script}
</script>

<template>
  <div>
    <button @click="save">save</button>
    <button @click="send">send</button>
    <pre>{{ saved }}</pre>
    <pre>{{ list }}</pre>
  </div>
</template>
`
}

/** Writes a one-page Nuxt app with the module and one action route into `dir` (emptied first). */
export async function generateClientApp(dir: string, kind: ClientAppKind): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  const files: Record<string, string> = {
    'nuxt.config.ts': nuxtConfig(dir),
    'app/app.vue': page(kind),
    'server/api/x.post.ts': serverRoute,
    'server/api/list.get.ts': queryRoute,
    'package.json': JSON.stringify({ name: `bench-client-${kind}`, private: true, type: 'module' }, null, 2) + '\n',
  }
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), contents)
  }
}
