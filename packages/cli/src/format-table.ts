/**
 * Lays out rows as columns padded to their widest cell, two spaces apart.
 * @example
 * formatTable([['METHOD', 'ROUTE'], ['GET', '/api/todos']])
 * // 'METHOD  ROUTE\nGET     /api/todos'
 */
export function formatTable(rows: string[][]): string {
  const widths: number[] = []
  for (const row of rows) row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, cell.length)))
  return rows
    .map(row => row.map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index] ?? 0))).join('  '))
    .join('\n')
}
