import { rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCommand } from '../lib/run-command'

const require = createRequire(import.meta.url)
const nuxtBin = fileURLToPath(new URL('../../node_modules/nuxt/bin/nuxt.mjs', import.meta.url))
const vueTscBin = join(dirname(require.resolve('vue-tsc/package.json')), 'bin/vue-tsc.js')

/** `nuxt build` from a clean state (no .nuxt, .output or cache); resolves to the wall time in ms. */
export async function timeNuxtBuild(dir: string): Promise<number> {
  for (const leftover of ['.nuxt', '.output', 'node_modules']) await rm(join(dir, leftover), { recursive: true, force: true })
  return runCommand(process.execPath, [nuxtBin, 'build', dir], { quiet: true, env: { NUXT_TELEMETRY_DISABLED: '1' } })
}

/** `vue-tsc --noEmit` on one of the tsconfigs Nuxt generated; fails when the app does not type-check. */
export function timeTypecheck(dir: string, tsconfig: 'tsconfig.server.json' | 'tsconfig.app.json'): Promise<number> {
  return runCommand(process.execPath, [vueTscBin, '--noEmit', '-p', join(dir, '.nuxt', tsconfig)], { quiet: true })
}
