import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** A module the subject's client bundle holds beyond the floor's, with its rendered bytes before minification. */
export interface AddedModule {
  id: string
  bytes: number
}

/** Modules new in (or grown in) the subject's client bundle against the floor's, largest first, ids relative to the repository. */
export function addedModules(floor: Record<string, number>, subject: Record<string, number>): AddedModule[] {
  return Object.entries(subject)
    .map(([id, bytes]) => ({ id: readableId(id), bytes: bytes - (floor[id] ?? 0) }))
    .filter(entry => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
}

function readableId(id: string): string {
  // Rollup marks virtual modules with a leading NUL
  const clean = id.replace(/^\0/, '').split('?')[0]!
  return clean.startsWith('/') ? relative(repoRoot, clean).replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '') : clean
}
