/** Median of a non-empty list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** A ratio as printed in the tables: `0.98x`. */
export function formatRatio(ratio: number | undefined, goal?: { min?: number, max?: number }): string {
  if (ratio === undefined) return '1.00x (floor)'
  // a third decimal where two would round a miss onto the goal (0.986x would read 0.99x against >= 0.99x)
  const rounded = Number(ratio.toFixed(2))
  const hides = (goal?.min !== undefined && ratio < goal.min && rounded >= goal.min)
    || (goal?.max !== undefined && ratio > goal.max && rounded <= goal.max)
  return `${ratio.toFixed(hides ? 3 : 2)}x`
}

/** Milliseconds as seconds with one decimal. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}
