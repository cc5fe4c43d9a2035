/** What a config option reads as without running the config: not there, a literal, or code create-action cannot evaluate. */
export type ConfigValue = { kind: 'absent' } | { kind: 'literal', value: unknown } | { kind: 'dynamic' }

/**
 * One option of the object `readConfigOptions` gave, by its path.
 * @example
 * readOption(options, ['devServer', 'port']) // { kind: 'literal', value: 4000 }
 */
export function readOption(options: Record<string, unknown>, path: string[]): ConfigValue {
  // magicast proxies literals as plain values and everything else as objects with a $type
  let value: unknown = options
  try {
    for (const key of path) {
      if (value === null || typeof value !== 'object') return { kind: 'absent' }
      value = (value as Record<string, unknown>)[key]
    }
  }
  catch {
    return { kind: 'dynamic' }
  }
  if (value === undefined) return { kind: 'absent' }
  if (value !== null && typeof value === 'object' && '$type' in value && (value as { $type: string }).$type !== 'object') return { kind: 'dynamic' }
  return { kind: 'literal', value }
}

/**
 * The options object a nuxt.config exports (`export default defineNuxtConfig({...})` or a plain object), read
 * without running it; `{}` when the source names none of `mentioned` (magicast, a Babel parser, takes most of
 * the CLI's start-up, so it loads only for a config that mentions an option the caller reads); undefined when
 * the config cannot be read that way.
 * @example
 * const options = await readConfigOptions(source, ['serverDir', 'srcDir'])
 */
export async function readConfigOptions(source: string, mentioned: string[]): Promise<Record<string, unknown> | undefined> {
  if (!mentioned.some(name => new RegExp(`\\b${name}\\b`).test(source))) return {}
  try {
    const [{ parseModule }, { getDefaultExportOptions }] = await Promise.all([import('magicast'), import('magicast/helpers')])
    const mod = parseModule(source)
    const exported = (mod.exports as Record<string, { $type?: string } | undefined>).default
    if (!exported || (exported.$type !== 'object' && exported.$type !== 'function-call')) return undefined
    return getDefaultExportOptions(mod) as Record<string, unknown>
  }
  catch {
    return undefined
  }
}
