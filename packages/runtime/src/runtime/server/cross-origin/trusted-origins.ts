/** The origins allowed to post to every action, set once at start-up from the module's `trustedOrigins`. */
export const moduleTrustedOrigins: { current: ReadonlySet<string> } = { current: new Set() }

/**
 * Checks a `trustedOrigins` value and returns it as a set: each entry an
 * origin written as a browser's `Origin` header writes it (scheme, lower-case
 * host, a port only when not the scheme's default, nothing after), or `'*'`
 * for any. A string is read as a comma-separated list (how an environment
 * variable sets it). Anything else throws a TypeError naming `source` and
 * quoting what was given.
 * @example
 * trustedOriginsOf(['https://pay.example', 'http://localhost:3000'], 'defineAction')
 * trustedOriginsOf('https://a.test, https://b.test', 'actionRoute') // Set { 'https://a.test', 'https://b.test' }
 */
export function trustedOriginsOf(value: unknown, source: string): ReadonlySet<string> {
  const entries = typeof value === 'string' ? value.split(',').map(entry => entry.trim()).filter(Boolean) : value ?? []
  if (!Array.isArray(entries)) throw badTrustedOrigins(value, source)
  for (const entry of entries) {
    if (entry !== '*' && !isOrigin(entry)) throw badTrustedOrigins(entry, source)
  }
  return new Set(entries)
}

/** Sets the origins trusted by every action (called by the Nuxt module at start-up); checked before anything is set. */
export function setModuleTrustedOrigins(value: unknown): void {
  moduleTrustedOrigins.current = trustedOriginsOf(value, 'actionRoute')
}

/** Whether an entry is an origin as browsers serialize it: the URL parser gives it back unchanged. */
function isOrigin(entry: unknown): boolean {
  try {
    return typeof entry === 'string' && new URL(entry).origin === entry
  }
  catch {
    return false
  }
}

function badTrustedOrigins(value: unknown, source: string): TypeError {
  return new TypeError(`${source}: \`trustedOrigins\` takes origins as browsers send them ("https://pay.example") or "*", got ${JSON.stringify(value) ?? String(value)}`)
}
