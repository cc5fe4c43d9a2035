import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { readConfigOptions, readOption } from './read-nuxt-config'

/**
 * Where `nuxi dev` of the app listens, as far as create-action can tell without running it: the port
 * `nuxi dev` takes from the environment (`NUXT_PORT`, `NITRO_PORT`, `PORT`, in its order), else a literal
 * `devServer.port` in nuxt.config, else Nuxt's 3000; `https` when a literal `devServer.https` turns it on.
 * @example
 * await devServerOrigin('/app/nuxt.config.ts', process.env) // 'http://localhost:4000' with devServer: { port: 4000 }
 */
export async function devServerOrigin(configFile: string, env: Record<string, string | undefined>): Promise<string> {
  const source = existsSync(configFile) ? await readFile(configFile, 'utf8').catch(() => '') : ''
  const options = await readConfigOptions(source, ['devServer']) ?? {}
  const https = readOption(options, ['devServer', 'https'])
  const protocol = https.kind === 'literal' && https.value !== false && https.value !== null ? 'https' : 'http'
  const configured = readOption(options, ['devServer', 'port'])
  const port = [env.NUXT_PORT, env.NITRO_PORT, env.PORT, configured.kind === 'literal' ? configured.value : undefined]
    .map(value => Number(value))
    .find(value => Number.isInteger(value) && value > 0 && value < 65536) ?? 3000
  return `${protocol}://localhost:${port}`
}
