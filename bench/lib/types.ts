/** How long and how thoroughly to measure. */
export interface BenchOptions {
  /** The short CI run: fewer rounds, shorter loads, fewer routes, docs left untouched. */
  smoke: boolean
  /** Write CPU profiles of the HTTP servers into bench/results/. */
  profile: boolean
}

/** One line of the results table. */
export interface ResultRow {
  /** What is measured, e.g. `HTTP POST valid`. */
  measure: string
  /** Who is measured, e.g. `defineAction`. */
  subject: string
  /** The figure as printed (req/s, ms, s). */
  value: string
  /** Against the floor of that measure; undefined for the floor itself. */
  ratio?: number
  /** The goal, e.g. `>= 0.99x`; undefined when there is none. */
  goal?: string
  /** Whether the goal is met; undefined without a goal. */
  met?: boolean
  /** The goal as a bound on the ratio, when it is one: the table then never rounds a miss onto it. */
  ratioGoal?: { min?: number, max?: number }
}

/** What one part of the benchmark returns: its rows and how they were obtained. */
export interface PartReport {
  title: string
  rows: ResultRow[]
  /** Markdown: how this part measures. */
  method: string
  /** Markdown bullet points: caveats, mismatches, peer notes. */
  notes: string[]
}

/** A part of the benchmark: one module in bench/, run in turn by run.ts. */
export interface BenchPart {
  id: string
  title: string
  run: (options: BenchOptions) => Promise<PartReport>
}
