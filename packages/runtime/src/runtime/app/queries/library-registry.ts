import type { QueryTarget } from './internal/query-registry'

export type { QueryTarget }

/** An action query in a query library's cache (Pinia Colada, TanStack Query), as `useAction` sees it. */
export interface LibraryQuery {
  /** The URL it loads, or `undefined` when its params cannot build one. */
  url: string | undefined
  /** Takes the fresh data the mutation's answer carried (single flight). */
  write: (data: unknown) => void
  /** Marks it stale: the library refetches it when a component shows it. */
  invalidate: () => Promise<unknown>
}

/** Finds the cached action queries that a mutation's targets name, in one library's cache. */
export type LibraryLookup = (targets: readonly QueryTarget[]) => LibraryQuery[]

// browser only: the query libraries' subpaths add their cache here, so the core never imports a library
const libraries = new Set<LibraryLookup>()

/**
 * Lets `useAction` (and so `useActionForm`) refresh the action queries of a
 * query library's cache; the returned function takes the cache out.
 * @example
 * const unlink = registerLibrary(libraryLookup(coladaCache(useQueryCache())))
 */
export function registerLibrary(lookup: LibraryLookup): () => void {
  libraries.add(lookup)
  return () => libraries.delete(lookup)
}

/**
 * The cached action queries that targets name, in every linked library's cache.
 * @example
 * libraryQueries(['/api/todos']).forEach(query => query.invalidate())
 */
export function libraryQueries(targets: readonly QueryTarget[]): LibraryQuery[] {
  return [...libraries].flatMap(lookup => lookup(targets))
}
