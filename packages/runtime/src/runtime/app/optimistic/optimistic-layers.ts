/** One optimistic change of a query's data, made by one mutation call. */
export interface OptimisticLayer {
  /** The call that made it: the layer leaves when that call settles. */
  id: number
  update: (data: unknown) => unknown
}

/**
 * What a query shows: the server's latest answer with the changes of the
 * calls still in flight applied on top, oldest first. Taking one layer out
 * (a call that failed, or one whose fresh data has landed) and applying the
 * rest again to the same answer is what makes concurrent calls roll back in
 * order: a later call's change survives an earlier call's failure. No data
 * yet: nothing to change.
 * @example
 * applyLayers([{ id: 1, done: false }], [{ id: 7, update: list => list.map(todo => ({ ...todo, done: true })) }])
 * // [{ id: 1, done: true }]
 */
export function applyLayers<T>(data: T | null, layers: readonly OptimisticLayer[]): T | null {
  return data === null ? null : layers.reduce<T>((value, layer) => layer.update(value) as T, data)
}

/**
 * The layers without the ones a settled call made.
 * @example
 * withoutLayer([{ id: 1, update }, { id: 2, update }], 1) // [{ id: 2, update }]
 */
export function withoutLayer(layers: readonly OptimisticLayer[], id: number): OptimisticLayer[] {
  return layers.filter(layer => layer.id !== id)
}
