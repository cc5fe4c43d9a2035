import type { BenchPart } from '../lib/types'

/** A part whose subject does not exist yet: one "not measured yet" row, with the reason. */
function pendingPart(id: string, title: string, why: string): BenchPart {
  return {
    id,
    title,
    run: async () => ({
      title,
      rows: [{ measure: title, subject: '-', value: `not measured yet: ${why}` }],
      method: `Not measured yet: ${why}. When it exists, add a module beside http/, overhead/ and build/ and list it in run.ts.`,
      notes: [],
    }),
  }
}

/** Part 4: client bundle size of useAction / $action against a plain $fetch call. */
export const clientSizePart = pendingPart('client-size', 'Client size', 'the client (useAction, $action) has no size budget harness yet; it needs a built app whose client chunk can be compared with and without a $action call')

/** Part 5: time of the create-action CLI. */
export const cliTimePart = pendingPart('cli', 'CLI time', 'the create-action CLI (packages/cli) is not on main yet')

/** Part 6: DevTools registry cost in dev. */
export const devtoolsPart = pendingPart('devtools', 'DevTools registry', 'the DevTools registry and recorder (packages/devtools) are not on main yet')
