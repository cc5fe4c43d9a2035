/** How long and how thoroughly to measure: `smoke` is the short CI run, which writes no docs. */
export interface BenchOptions {
  smoke: boolean
}

/** One line of the results table. */
export interface ResultRow {
  /** What is measured, e.g. `HTTP POST valid body`. */
  measure: string
  /** Who is measured, e.g. `defineAction, h3 1.15.11`. */
  subject: string
  /** The figure as printed (µs, ms, s, KB), with its spread where there is one. */
  value: string
  /** Against the floor of that measure; undefined for the floor itself. */
  ratio?: number
  /** The goal as a bound on the ratio or on the figure, e.g. `>= 0.97x` or `<= 200 ms`. */
  goal?: string
  met?: boolean
  /** The goal as a bound on the ratio: the table then never rounds a miss onto it. */
  ratioGoal?: { min?: number, max?: number }
}

/** What one part returns: its rows, how it measured (Markdown) and its notes. */
export interface PartReport {
  title: string
  rows: ResultRow[]
  method: string
  notes: string[]
}

/**
 * A part of the benchmark: one folder of bench/, run in turn by run.ts.
 * @example
 * const part: BenchPart = { id: 'cli', title: 'CLI time', run: async () => ({ title: 'CLI time', rows: [], method: '', notes: [] }) }
 */
export interface BenchPart {
  id: string
  title: string
  run: (options: BenchOptions) => Promise<PartReport>
}
