import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { log } from '../lib/stats'
import { timeNuxtBuild, writeApp } from '../lib/nuxt-app'

const workDir = fileURLToPath(new URL('../.work/client-size', import.meta.url))
const moduleEntry = fileURLToPath(new URL('../../packages/runtime/src/module', import.meta.url))
const goalBytes = 4 * 1024

/** The same page four ways: by hand, the buttons through useAction and $action, the listing through useActionQuery too, and the form through useActionForm too. */
const pages = {
  floor: { label: 'page with $fetch and useAsyncData (floor)', buttons: 'byHand', listing: 'byHand', form: 'byHand' },
  action: { label: 'same page, buttons through useAction + $action', buttons: 'action', listing: 'byHand', form: 'byHand' },
  query: { label: 'same page, also the listing through useActionQuery', buttons: 'action', listing: 'action', form: 'byHand' },
  form: { label: 'same page, also the form through useActionForm (all four)', buttons: 'action', listing: 'action', form: 'action' },
} as const

const scripts = {
  buttons: {
    byHand: `const saved = ref<unknown>(null)\nasync function save() {\n  saved.value = await $fetch('/api/x', { method: 'POST', body: { title: 'a' } })\n}\nasync function send() {\n  saved.value = await $fetch('/api/x', { method: 'POST', body: { title: 'b' } })\n}`,
    action: `const { execute, data: saved } = useAction('/api/x', { method: 'POST' })\nasync function save() {\n  await execute({ title: 'a' })\n}\nasync function send() {\n  const result = await $action('/api/x', { method: 'POST', input: { title: 'b' } })\n  if (result.success) saved.value = result.data\n}`,
  },
  listing: {
    byHand: `const { data: list } = useAsyncData('list', () => $fetch('/api/list'))`,
    action: `const { data: list } = useActionQuery('/api/list')`,
  },
  // the floor's form posts its fields with $fetch and shows the field errors it gets back, as a hand-wired form does
  form: {
    byHand: `const fieldErrors = ref<Record<string, string[]>>({})\nasync function signUp(event: Event) {\n  const fields = Object.fromEntries(new FormData(event.target as HTMLFormElement))\n  const result = await $fetch<{ success: boolean, error?: { fieldErrors?: Record<string, string[]> } }>('/api/signup', { method: 'POST', body: { name: fields.name, address: { city: fields['address.city'] } }, ignoreResponseError: true })\n  fieldErrors.value = result.error?.fieldErrors ?? {}\n}\nconst attrs = { onSubmit: (event: Event) => { event.preventDefault(); void signUp(event) } }\nconst field = (name: string) => ({ name })`,
    action: `const { attrs, field, fieldErrors } = useActionForm('/api/signup')`,
  },
}

/** Sum over every `.js` file of `.output/public/_nuxt`, each gzipped alone at level 9 as a server sends it. */
async function gzipBytes(dir: string): Promise<number> {
  const assets = join(dir, '.output/public/_nuxt')
  let bytes = 0
  for (const name of (await readdir(assets, { recursive: true })).filter(name => name.endsWith('.js'))) bytes += gzipSync(await readFile(join(assets, name)), { level: 9 }).length
  return bytes
}

/** Part: gzip bytes that useAction, $action, useActionQuery and useActionForm add to the client bundle of a one-page app. */
export const clientSizePart: BenchPart = {
  id: 'client-size',
  smoke: false,
  title: 'Client size',
  async run(options) {
    // the smoke run builds the page with all four, through the same harness; its floor is a bare Nuxt page
    const kinds = (options.smoke ? ['form'] : ['floor', 'action', 'query', 'form']) as Array<keyof typeof pages>
    const sizes = {} as Record<keyof typeof pages, number>
    for (const kind of kinds) {
      const dir = `${workDir}/${kind}`
      const page = pages[kind]
      await writeApp(dir, {
        'nuxt.config.ts': `export default defineNuxtConfig({\n  modules: [${JSON.stringify(moduleEntry)}],\n  devtools: { enabled: false },\n  telemetry: false,\n  compatibilityDate: '2025-07-15',\n})\n`,
        'app/app.vue': `<script setup lang="ts">\n${scripts.buttons[page.buttons]}\n${scripts.listing[page.listing]}\n${scripts.form[page.form]}\n</script>\n\n<template>\n  <div>\n    <button @click="save">save</button>\n    <button @click="send">send</button>\n    <pre>{{ saved }}</pre>\n    <pre>{{ list }}</pre>\n    <form v-bind="attrs">\n      <input v-bind="field('name')">\n      <input v-bind="field('address.city')">\n      <p>{{ fieldErrors['address.city']?.[0] }}</p>\n      <button>sign up</button>\n    </form>\n  </div>\n</template>\n`,
        'server/api/x.post.ts': `import { z } from 'zod'\n\nexport default defineAction({\n  input: z.object({ title: z.string().min(1) }),\n  handler: ({ input }) => ({ id: 1, title: input.title }),\n})\n`,
        'server/api/signup.post.ts': `import { z } from 'zod'\n\nexport default defineAction({\n  input: z.object({ name: z.string().min(2), address: z.object({ city: z.string().min(1) }) }),\n  handler: ({ input }) => ({ name: input.name }),\n})\n`,
        'server/api/list.get.ts': `export default defineAction({\n  handler: () => [{ id: 1, title: 'one' }],\n})\n`,
        'package.json': JSON.stringify({ name: `bench-client-${kind}`, private: true, type: 'module' }),
      })
      await timeNuxtBuild(dir)
      sizes[kind] = await gzipBytes(dir)
      log('client-size', `${kind}: ${sizes[kind]} B gzip`)
    }
    const measure = 'Client JS, gzip (sum of .output/public/_nuxt/*.js)'
    const rows: ResultRow[] = kinds.map((kind) => {
      const added = sizes[kind] - sizes.floor
      const value = `${(sizes[kind] / 1024).toFixed(2)} KB`
      if (kind === 'floor') return { measure, subject: pages[kind].label, value }
      // the smoke run's page alone: no floor to compare with
      if (!('floor' in sizes)) return { measure, subject: pages[kind].label, value, ratio: Number.NaN }
      const row = { measure, subject: pages[kind].label, value: `${value} (+${added.toLocaleString('en-US')} B)`, ratio: sizes[kind] / sizes.floor }
      // the goal is on the four together; the steps before it show where the bytes come from
      return kind === 'form' ? { ...row, goal: '<= 4 KB added', met: added <= goalBytes } : row
    })
    return {
      title: 'Client size',
      rows,
      method: [
        'One-page Nuxt 4 apps are generated into `bench/.work/client-size/`.',
        'Each has the module and the same two `defineAction` routes.',
        'Only `app/app.vue` differs:',
        '',
        '| page | two buttons that POST | a list | a two-field form, showing its field errors |',
        '|---|---|---|---|',
        '| floor | `$fetch` | `useAsyncData` | `$fetch` |',
        '| second | `useAction` and `$action` | `useAsyncData` | `$fetch` |',
        '| third | `useAction` and `$action` | `useActionQuery` | `$fetch` |',
        '| fourth | `useAction` and `$action` | `useActionQuery` | `useActionForm` |',
        '',
        'The floor imports nothing of ours.',
        'The fourth page\'s `useActionForm` has no `validate`, which would ship the schema.',
        'Each app is built once with `nuxt build`, since sizes do not vary between builds.',
        'The figure is the sum, over every `.js` file in `.output/public/_nuxt/`, of that file gzipped alone at level 9.',
        '1 KB is 1024 bytes.',
        'The goal is on the bytes the four add together: the fourth page over the floor.',
      ].join('\n'),
      notes: [],
    }
  },
}
