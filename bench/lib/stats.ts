/**
 * Median of a non-empty list of numbers.
 * @example
 * median([3, 1, 2]) // 2
 */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * A ratio as the table prints it; a third decimal where two would round a miss onto the goal.
 * @example
 * formatRatio(0.966, { min: 0.97 }) // '0.966x'
 */
export function formatRatio(ratio: number | undefined, goal?: { min?: number, max?: number }): string {
  if (ratio === undefined) return '1.00x (floor)'
  if (Number.isNaN(ratio)) return '-'
  const rounded = Number(ratio.toFixed(2))
  const hides = (goal?.min !== undefined && ratio < goal.min && rounded >= goal.min)
    || (goal?.max !== undefined && ratio > goal.max && rounded <= goal.max)
  return `${ratio.toFixed(hides ? 3 : 2)}x`
}

/**
 * The same values in a random order (Fisher-Yates).
 * @example
 * shuffled(['floor', 'define-action'])
 */
export function shuffled<T>(values: T[]): T[] {
  const result = [...values]
  for (let index = result.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1))
    ;[result[index], result[other]] = [result[other]!, result[index]!]
  }
  return result
}

/**
 * A part's progress line, prefixed with its id.
 * @example
 * log('http', 'warming up')
 */
export function log(part: string, message: string): void {
  console.log(`[${part}] ${message}`)
}
