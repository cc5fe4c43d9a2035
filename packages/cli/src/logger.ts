import { formatWithOptions, stripVTControlCharacters } from 'node:util'
import { createConsola } from 'consola/core'
import type { ConsolaOptions, ConsolaReporter } from 'consola/core'

// consola's own terminal reporter sets up Intl.Segmenter when it loads, to measure line widths for
// right-aligned timestamps, and formats the time of day for every line: about 30 ms of each run's
// start-up between them (the CLI rows of docs/benchmarks.md). The CLI prints a handful of short
// lines, so it reports through consola's core with this reporter instead.
const marks: Record<string, [mark: string, color: number]> = {
  success: ['✔', 32],
  info: ['ℹ', 36],
  warn: ['⚠', 33],
  error: ['✖', 31],
  fatal: ['✖', 31],
}

const reporter: ConsolaReporter = {
  log(logObj, { options }) {
    // warnings and errors go to stderr, as consola's own reporters send them
    const stream = logObj.level < 2 ? options.stderr ?? process.stderr : options.stdout ?? process.stdout
    // hasColors is there only on a terminal, and reads NO_COLOR, FORCE_COLOR and TERM
    const colors = Boolean(stream.hasColors?.())
    const mark = marks[logObj.type]
    const prefix = mark ? `${colors ? `\u001B[${mark[1]}m${mark[0]}\u001B[39m` : mark[0]} ` : ''
    const text = formatWithOptions({ colors }, ...logObj.args)
    // citty colours its usage and its errors from the environment alone, piped or not: off a colour terminal
    // (piped, NO_COLOR, TERM=dumb) the line goes out plain
    stream.write(`${prefix}${colors ? text : stripVTControlCharacters(text)}\n`)
  },
}

/**
 * The CLI's consola: `✔`, `ℹ`, `⚠` and `✖` lines (warnings and errors on stderr), coloured on a terminal
 * that has colours, one line per call, no time of day. Prompts load consola's full build on first use.
 * @example
 * logger.success('Wrote server/api/todos/[id].patch.ts')
 */
export const logger = createConsola({
  reporters: [reporter],
  stdout: process.stdout,
  stderr: process.stderr,
  // the option's declared type is narrower than consola's own prompt function, which is what this hands on to
  prompt: ((...args: Parameters<NonNullable<ConsolaOptions['prompt']>>) => import('consola').then(({ consola }) => consola.prompt(...args))) as ConsolaOptions['prompt'],
})
