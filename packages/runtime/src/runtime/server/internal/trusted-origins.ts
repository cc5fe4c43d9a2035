/** The origins allowed to post to every action, set once at start-up from the module's `trustedOrigins`. */
export const moduleTrustedOrigins: { current: ReadonlySet<string> } = { current: new Set() }

/**
 * Checks a `trustedOrigins` value (a list of origins such as
 * `https://pay.example`, or `'*'` for any) and returns it as a set of
 * serialized origins, as a browser's `Origin` header writes them. A string is
 * read as a comma-separated list (how an environment variable sets it). A bad
 * value throws a TypeError naming `source` and quoting what was given.
 * @example
 * trustedOriginsOf(['https://Pay.example:443/'], 'defineAction') // Set { 'https://pay.example' }
 * trustedOriginsOf('https://a.test, https://b.test', 'actionRoute') // Set { 'https://a.test', 'https://b.test' }
 */
export function trustedOriginsOf(value: unknown, source: string): ReadonlySet<string> {
  if (value === undefined || value === null) return new Set()
  const entries = typeof value === 'string' ? value.split(',').map(entry => entry.trim()).filter(Boolean) : value
  if (!Array.isArray(entries)) throw badTrustedOrigins(value, source)
  const origins = new Set<string>()
  for (const entry of entries as unknown[]) {
    const origin = typeof entry === 'string' ? serializedOrigin(entry.trim()) : undefined
    if (origin === undefined) throw badTrustedOrigins(entry, source)
    origins.add(origin)
  }
  return origins
}

/** Sets the origins trusted by every action (called by the Nuxt module at start-up); checked before anything is set. */
export function setModuleTrustedOrigins(value: unknown): void {
  moduleTrustedOrigins.current = trustedOriginsOf(value, 'actionRoute')
}

/** `*`, or the origin an entry names when it names nothing more (no path, query, user or fragment). */
function serializedOrigin(entry: string): string | undefined {
  if (entry === '*') return entry
  let url: URL
  try {
    url = new URL(entry)
  }
  catch {
    return undefined
  }
  const named = url.origin !== 'null' && url.username === '' && url.password === '' && url.search === '' && url.hash === ''
  return named && url.pathname === '/' && !/[?#]/.test(entry) ? url.origin : undefined
}

function badTrustedOrigins(value: unknown, source: string): TypeError {
  const given = typeof value === 'string' ? JSON.stringify(value) : Array.isArray(value) ? JSON.stringify(value) : String(value)
  return new TypeError(`${source}: \`trustedOrigins\` must list origins such as "https://pay.example" (scheme, host and port, nothing after) or "*", got ${given}`)
}
