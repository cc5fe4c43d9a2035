/** One row of a side-by-side diff; a side is null where the other side has an added or removed line. */
export interface DiffRow {
  left: string | null
  right: string | null
  changed: boolean
}

/**
 * A side-by-side, line-based diff of two values as pretty JSON (longest
 * common subsequence; envelopes are small, so quadratic is fine).
 */
export function diffJson(before: unknown, after: unknown): DiffRow[] {
  const left = pretty(before).split('\n')
  const right = pretty(after).split('\n')
  const lengths: number[][] = Array.from({ length: left.length + 1 }, () => Array.from({ length: right.length + 1 }, () => 0))
  for (let i = left.length - 1; i >= 0; i--) {
    for (let j = right.length - 1; j >= 0; j--) {
      lengths[i]![j] = left[i] === right[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!)
    }
  }
  const rows: DiffRow[] = []
  let i = 0
  let j = 0
  while (i < left.length || j < right.length) {
    if (i < left.length && j < right.length && left[i] === right[j]) {
      rows.push({ left: left[i++]!, right: right[j++]!, changed: false })
    }
    else if (i < left.length && (j === right.length || lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      rows.push({ left: left[i++]!, right: null, changed: true })
    }
    else {
      rows.push({ left: null, right: right[j++]!, changed: true })
    }
  }
  return pairChanges(rows)
}

/** Puts a removed line and the added line right after it on one row, as editors do. */
function pairChanges(rows: DiffRow[]): DiffRow[] {
  const paired: DiffRow[] = []
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!
    const next = rows[index + 1]
    if (row.right === null && next && next.left === null) {
      paired.push({ left: row.left, right: next.right, changed: true })
      index++
    }
    else {
      paired.push(row)
    }
  }
  return paired
}

/** Pretty JSON, `undefined` shown as such rather than dropped. */
export function pretty(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value, null, 2) ?? String(value)
}
