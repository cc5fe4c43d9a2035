import { readFileSync } from 'node:fs'

/**
 * The repository's web address, from its one source: `ACTION_ROUTE_REPOSITORY` at docs build, else the root
 * package.json's `repository`. Undefined when neither is set: the site then links to no repository at all.
 * @example
 * repositoryURL({}, { repository: 'git+https://github.com/owner/name.git' }) // 'https://github.com/owner/name'
 * repositoryURL({}, {}) // undefined
 */
export function repositoryURL(env: Record<string, string | undefined>, manifest: { repository?: unknown }): string | undefined {
  const field = manifest.repository
  const raw = env.ACTION_ROUTE_REPOSITORY?.trim()
    || (typeof field === 'string' ? field : (field as { url?: unknown } | undefined)?.url)
  if (typeof raw !== 'string' || !raw) return undefined
  const url = raw.replace(/^git\+/, '').replace(/\.git$/, '').replace(/\/+$/, '')
  return /^https?:\/\//.test(url) ? url : `https://github.com/${url.replace(/^github:/, '')}`
}

/** The repository's web address for this build: the environment, then the root package.json (see `repositoryURL`). */
export function repositoryOfThisBuild(): string | undefined {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { repository?: unknown }
  return repositoryURL(process.env, manifest)
}
