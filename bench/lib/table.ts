import type { ResultRow } from './types'
import { formatRatio } from './stats'

/** The results as one Markdown table, the way both stdout and the docs show them. */
export function renderTable(rows: ResultRow[]): string {
  const lines = [
    '| measure | subject | figure | ratio to floor | goal |',
    '|---|---|---|---|---|',
  ]
  for (const row of rows) {
    const ratio = row.value.startsWith('not measured') ? '-' : formatRatio(row.ratio, row.ratioGoal)
    const goal = row.goal ? `${row.goal} ${row.met ? 'met' : '**missed**'}` : ''
    lines.push(`| ${row.measure} | ${row.subject} | ${row.value} | ${ratio} | ${goal} |`)
  }
  return lines.join('\n')
}
