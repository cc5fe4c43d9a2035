import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { formatSeconds } from '../lib/stats'
import { timeNuxtBuild } from '../build/measure-app'
import { generateClientApp } from './generate-app'
import type { ClientAppKind } from './generate-app'
import { measureClientBundle, readClientModules } from './measure-bundle'
import type { ClientBundleSize } from './measure-bundle'
import { addedModules } from './module-diff'

const workDir = fileURLToPath(new URL('../.work/client-size', import.meta.url))
const goalBytes = 2 * 1024

const subjects: Record<ClientAppKind, string> = {
  floor: 'page with $fetch and useAsyncData (floor)',
  action: 'same page, buttons through useAction + $action',
  query: 'same page, also the listing through useActionQuery',
}

/** Part 4: gzip bytes that useAction, $action and useActionQuery add to the client bundle of a one-page app. */
export const clientSizePart: BenchPart = {
  id: 'client-size',
  title: 'Client size',
  async run(options) {
    // sizes do not vary between builds, so one build per app is enough; smoke leaves out useActionQuery
    const kinds: ClientAppKind[] = options.smoke ? ['floor', 'action'] : ['floor', 'action', 'query']
    const sizes = {} as Record<ClientAppKind, ClientBundleSize>
    const modules = {} as Record<ClientAppKind, Record<string, number>>
    for (const kind of kinds) {
      const dir = `${workDir}/${kind}`
      await generateClientApp(dir, kind)
      const ms = await timeNuxtBuild(dir)
      sizes[kind] = await measureClientBundle(dir)
      modules[kind] = await readClientModules(dir)
      log(`nuxt build ${kind}: ${formatSeconds(ms)}, ${sizes[kind].files} .js files, ${sizes[kind].rawBytes} B raw, ${sizes[kind].gzipBytes} B gzip`)
    }

    const measure = 'Client JS, gzip (sum of .output/public/_nuxt/*.js)'
    const floor = sizes.floor
    const rows: ResultRow[] = [{ measure, subject: subjects.floor, value: formatKb(floor.gzipBytes) }]
    const notes: string[] = []
    for (const kind of kinds.filter(kind => kind !== 'floor')) {
      const added = sizes[kind].gzipBytes - floor.gzipBytes
      rows.push({
        measure,
        subject: subjects[kind],
        value: `${formatKb(sizes[kind].gzipBytes)} (+${added.toLocaleString('en-US')} B)`,
        ratio: sizes[kind].gzipBytes / floor.gzipBytes,
        goal: '<= 2 KB added',
        met: added <= goalBytes,
      })
      const extra = addedModules(modules.floor, modules[kind])
      const ours = extra.filter(entry => entry.id.startsWith('packages/') || entry.id.includes('action-route'))
      const others = extra.filter(entry => !ours.includes(entry))
      notes.push(`${subjects[kind]}: +${added.toLocaleString('en-US')} B gzip (${(added / 1024).toFixed(2)} KB; raw +${(sizes[kind].rawBytes - floor.rawBytes).toLocaleString('en-US')} B). Modules added, rendered bytes before minification: ${listModules(ours)}${others.length ? `; beyond the module's own: ${listModules(others.slice(0, 6))}` : ''}.`)
    }
    return {
      title: 'Client size',
      rows,
      method: [
        `One-page Nuxt 4 apps are generated into \`bench/.work/client-size/\`, each with the module (loaded from \`packages/runtime/src/module\` by absolute path) and the same server routes (\`server/api/x.post.ts\` and \`server/api/list.get.ts\`, written with \`defineAction\`); only \`app/app.vue\` differs:`,
        '',
        '- **floor**: two buttons that POST to `/api/x` with a hand-written `$fetch`, and a list loaded with `useAsyncData(\'list\', () => $fetch(\'/api/list\'))`; nothing of ours is imported;',
        '- **useAction + $action**: the same buttons through `useAction(\'/api/x\', { method: \'POST\' })` and `$action(\'/api/x\', { method: \'POST\', input })`, the list still by hand;',
        ...(options.smoke ? [] : ['- **+ useActionQuery**: the same, and the list through `useActionQuery(\'/api/list\')`.']),
        '',
        'Each app is built once with `nuxt build` from a clean state (sizes do not vary between builds). The figure is the sum, over every `.js` file in `.output/public/_nuxt/`, of that file gzipped alone (`node:zlib` `gzipSync`, level 9); 1 KB is 1024 bytes. The ratio is the total over the floor\'s total; the goal is on the bytes added. A Vite plugin in the generated config records which modules each client build holds, so the notes can say where added bytes come from.',
      ].join('\n'),
      notes,
    }
  },
}

function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`
}

function listModules(entries: { id: string, bytes: number }[]): string {
  return entries.length ? entries.map(entry => `\`${entry.id}\` ${entry.bytes.toLocaleString('en-US')} B`).join(', ') : 'none'
}

function log(message: string) {
  console.log(`[client-size] ${message}`)
}
