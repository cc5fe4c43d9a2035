/** Median of a non-empty list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** A ratio as printed in the tables: `0.98x`. */
export function formatRatio(ratio: number | undefined): string {
  return ratio === undefined ? '1.00x (floor)' : `${ratio.toFixed(2)}x`
}

/** Milliseconds as seconds with one decimal. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}
