/** Default largest body, in bytes (1 MiB). */
export const DEFAULT_MAX_BODY_SIZE = 1024 * 1024

/** Module-wide defaults, set once at start-up by the Nuxt module's Nitro plugin. */
export const actionDefaults = {
  maxBodySize: DEFAULT_MAX_BODY_SIZE,
}

/** Validates a body limit given in bytes; throws a TypeError naming where it came from. */
export function assertBodySize(value: unknown, source: string): asserts value is number | undefined {
  if (value === undefined) return
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`${source}: \`maxBodySize\` must be a whole number of bytes (0 or more), got ${String(value)}`)
  }
}

/** Sets the module-wide defaults (called by the Nuxt module at start-up). */
export function setActionDefaults(defaults: { maxBodySize?: number }): void {
  assertBodySize(defaults.maxBodySize, 'actionRoute')
  if (defaults.maxBodySize !== undefined) actionDefaults.maxBodySize = defaults.maxBodySize
}
