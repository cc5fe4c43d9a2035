import type { RequestDraft } from './request-draft'
import { draftUrl, usesQuery } from './request-draft'

// a header name fetch and curl accept (an RFC 9110 token); anything else, such as a name starting with `@`, which
// makes curl read a file, is left out
const HEADER_NAME = /^[!#$%&'*+.^`|~\w-]+$/
const NEEDS_NO_QUOTES = /^[\w-]+$/

/**
 * One argument for a POSIX shell: left bare when it is only letters,
 * digits, `_` and `-`, otherwise single-quoted, a `'` written as `'\''`.
 * Inside single quotes no character is special, so the shell hands back
 * exactly `value`. A NUL cannot be an argument and throws a TypeError.
 * @example
 * quoteForShell('PATCH') // PATCH
 * quoteForShell('it\'s $HOME') // 'it'\''s $HOME'
 */
export function quoteForShell(value: string): string {
  if (value.includes('\0')) throw new TypeError('A shell argument cannot hold a NUL character')
  return NEEDS_NO_QUOTES.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`
}

/**
 * The arguments of a cURL command that sends the draft against `origin`:
 * the method, the URL, the headers fetch would accept (an empty value as
 * `name;`, as curl wants), and the JSON body as `--data-raw`, which never
 * reads a file. For a streaming action, `stream` adds `-N` last, so curl prints each event as it comes.
 * @example
 * curlArguments(draft, 'http://localhost:3000') // ['curl', '-X', 'PATCH', 'http://localhost:3000/api/todos/7', '-H', 'content-type: application/json', '--data-raw', '{"done":true}']
 */
export function curlArguments(draft: RequestDraft, origin: string, options: { stream?: boolean } = {}): string[] {
  const args = ['curl', '-X', draft.method, origin + draftUrl(draft)]
  const headers = { ...(!usesQuery(draft.method) && { 'content-type': 'application/json' }), ...draft.headers }
  for (const [name, value] of Object.entries(headers)) {
    if (HEADER_NAME.test(name)) args.push('-H', value === '' ? `${name};` : `${name}: ${value}`)
  }
  if (!usesQuery(draft.method)) args.push('--data-raw', JSON.stringify(draft.input ?? {}))
  if (options.stream) args.push('-N')
  return args
}

/**
 * A POSIX shell command line: each argument quoted with `quoteForShell`,
 * each group of arguments on its own line, continued with a backslash.
 * @example
 * formatShellCommand([['curl', '-X', 'GET', 'http://a.test/?q=1'], ['-H', 'x-a: 1']])
 * // curl -X GET 'http://a.test/?q=1' \
 * //   -H 'x-a: 1'
 */
export function formatShellCommand(lines: string[][]): string {
  return lines.filter(line => line.length > 0).map(line => line.map(quoteForShell).join(' ')).join(' \\\n  ')
}

/**
 * The draft as a cURL command line for a POSIX shell, against the given
 * origin: every recorded value is quoted, so pasting it runs only curl.
 * A streaming action's command ends with `-N` (no buffering) on a line of its own.
 * @example
 * toCurl(draft, window.location.origin)
 * toCurl(draft, window.location.origin, { stream: true })
 */
export function toCurl(draft: RequestDraft, origin: string, streamOptions: { stream?: boolean } = {}): string {
  const [curl, ...options] = curlArguments(draft, origin, streamOptions)
  // `curl -X METHOD URL` on the first line, then one option and its value per line
  const lines = [[curl!, ...options.slice(0, 3)]]
  for (let index = 3; index < options.length; index += 2) lines.push(options.slice(index, index + 2))
  return formatShellCommand(lines)
}
