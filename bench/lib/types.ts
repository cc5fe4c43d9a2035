/** How thoroughly to measure: `smoke` is the short CI run, which writes no docs. */
export interface BenchOptions {
  smoke: boolean
}

/** One line of the results table: what, who, the figure as printed, its ratio to the floor (none for the floor). */
export interface ResultRow {
  measure: string
  subject: string
  value: string
  ratio?: number
  /** e.g. `>= 0.97x` or `<= 200 ms`, and whether it is met. */
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
  /** `false`: CI's smoke run leaves the part out (it builds or starts a Nuxt app of its own, its whole cost). */
  smoke?: false
  run: (options: BenchOptions) => Promise<PartReport>
}
