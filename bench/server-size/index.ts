import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { log } from '../lib/stats'
import { timeNuxtBuild, writeApp } from '../lib/nuxt-app'
import { appFiles, serverSizeApps } from '../../scripts/server-size-apps.mjs'

const workDir = fileURLToPath(new URL('../.work/server-size', import.meta.url))
const moduleEntry = fileURLToPath(new URL('../../packages/runtime/src/module', import.meta.url))
const goalBytes = 8 * 1000

type AppName = keyof typeof serverSizeApps

/** Sum over every file of `.output/server` but source maps, each gzipped alone, as compat's Nuxt 5 measure does. */
async function serverGzipBytes(dir: string): Promise<number> {
  const root = join(dir, '.output/server')
  let bytes = 0
  for (const name of await readdir(root, { recursive: true })) {
    const path = join(root, name)
    if (name.endsWith('.map') || !(await stat(path)).isFile()) continue
    bytes += gzipSync(await readFile(path)).length
  }
  return bytes
}

/** Part: what the module adds to a Nuxt 4 server (the core, then each capability an app may use), in gzip bytes. */
export const serverSizePart: BenchPart = {
  id: 'server-size',
  smoke: false,
  title: 'Server size',
  async run(options) {
    // the smoke run builds the core app only: the harness runs, and compat builds both on Nuxt 5 from the same apps
    const names = (options.smoke ? ['core'] : Object.keys(serverSizeApps)) as AppName[]
    const sizes = {} as Record<AppName, number>
    for (const name of names) {
      const dir = `${workDir}/${name}`
      await writeApp(dir, { ...appFiles(name, moduleEntry), 'package.json': JSON.stringify({ name: `bench-server-${name}`, private: true, type: 'module' }) })
      await timeNuxtBuild(dir)
      sizes[name] = await serverGzipBytes(dir)
      log('server-size', `${name}: ${sizes[name]} B gzip`)
    }
    const measure = 'Server output, gzip (Nuxt 4, sum of .output/server)'
    const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`
    const rows: ResultRow[] = names.map((name) => {
      const app = serverSizeApps[name]
      if (name === 'floor') return { measure, subject: app.label, value: kB(sizes.floor) }
      if (name === 'core') {
        if (sizes.floor === undefined) return { measure, subject: `module: ${app.label}`, value: kB(sizes.core) }
        const added = sizes.core - sizes.floor
        return { measure, subject: `module: ${app.label}`, value: `${kB(sizes.core)} (+${added.toLocaleString('en-US')} B)`, ratio: sizes.core / sizes.floor, goal: '<= 8 kB added', met: added <= goalBytes }
      }
      // each capability's cost: the core app with it used, over the core app
      const added = sizes[name] - sizes.core
      return { measure, subject: `module, core ${app.label} (${app.adds})`, value: `+${added.toLocaleString('en-US')} B over the core`, ratio: sizes[name] / sizes.core }
    })
    return {
      title: 'Server size',
      rows,
      method: [
        'Nuxt 4 apps are generated into `bench/.work/server-size/` from `scripts/server-size-apps.mjs`.',
        'The floor answers a PATCH and a GET with hand-written handlers: a zod schema, a sign-in check, a 404.',
        'The core app answers the same routes with `defineAction`: params and input schemas, a middleware, a declared error.',
        'Each other app is the core app with one capability used: a streaming action, `rateLimit()`, `idempotent()`,',
        '`tracing: true`, a page whose `useAction` names a query to refresh, a page with `useActionForm`.',
        'Each app is built once with `nuxt build`: sizes do not vary between builds by more than about 0.15 kB.',
        'The figure is the sum, over every file of `.output/server` but source maps, of that file gzipped alone.',
        'The goal is on the core app over the floor: 8 kB is 8,000 bytes.',
        'Each capability row is that app over the core app: what an app pays once it uses it, and nothing before.',
        'Nuxt 5\'s figure is in the compatibility suite (`pnpm test:compat nuxt5-node22`), which installs the Nuxt 5 nightly.',
      ].join('\n'),
      notes: [],
    }
  },
}
