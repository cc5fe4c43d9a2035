import type { RequestRecord } from '../../shared/types'
import { toJsLiteral, toJsString } from './action-code'
import { draftFromRecord, draftUrl, usesQuery } from './request-draft'

const REDACTED = '[redacted]'

/** Where the exported test sends its request. */
export interface VitestExportOptions {
  /** The app's origin, the default when the test runs without `APP_URL`: `http://localhost:3000`. */
  baseURL: string
}

/**
 * A recorded request as a ready-to-run vitest test file: it sends the same
 * request with `fetch` to `APP_URL` (or `baseURL`; vitest sets `BASE_URL` itself) and asserts the status
 * and the envelope. Values the recorder redacted stay redacted: a redacted
 * header is left out, commented, a redacted body field is sent as
 * `'[redacted]'` with a comment asking for the real value, and a redacted
 * or cut part of the envelope is matched by `expect.anything()`.
 * @example
 * recordToVitest(record, { baseURL: 'http://localhost:3000' })
 * // import { expect, it } from 'vitest'
 * // ...
 * // it('POST /api/todos answers 201 with the recorded envelope', async () => { ... })
 */
export function recordToVitest(record: RequestRecord, options: VitestExportOptions): string {
  const draft = draftFromRecord(record)
  const hasBody = !usesQuery(record.method)
  const headers: Record<string, string> = { ...(hasBody && { 'content-type': 'application/json' }), ...draft.headers }
  const redactedHeaders = Object.keys(record.headers).filter(name => record.headers[name] === REDACTED)
  const hasRedactedInput = containsRedacted(draft.input)
  const title = `${record.method} ${record.unmatched ? record.path : record.route} answers ${record.status}${record.envelope === null ? '' : ' with the recorded envelope'}`

  const lines = [
    `// Exported from the Actions tab of Nuxt DevTools: ${record.method} ${record.url}, answered ${record.status} at ${new Date(record.time).toISOString()}.`,
    '// Run it against the app: APP_URL=http://localhost:3000 npx vitest run <this file>',
    `import { expect, it } from 'vitest'`,
    '',
    `const baseURL = process.env.APP_URL ?? ${toJsString(options.baseURL)}`,
    '',
    `it(${toJsString(title)}, async () => {`,
    `  const response = await fetch(new URL(${toJsString(draftUrl(draft))}, baseURL), {`,
    `    method: ${toJsString(record.method)},`,
    `    headers: ${headersLiteral(headers, redactedHeaders)},`,
  ]
  if (hasRedactedInput) lines.push(`    // '${REDACTED}' values were redacted by the recorder: put the real values in before running`)
  if (hasBody) lines.push(`    body: JSON.stringify(${toJsLiteral(draft.input ?? {}, 2, redactedInput)}),`)
  lines.push('  })', `  expect(response.status).toBe(${record.status})`)
  if (record.envelope !== null) {
    lines.push(`  expect(await response.json()).toEqual(${toJsLiteral(record.envelope, 1, matchRedacted)})`)
  }
  lines.push('})', '')
  return lines.join('\n')
}

function headersLiteral(headers: Record<string, string>, redacted: string[]): string {
  const entries = Object.entries(headers).map(([name, value]) => `      ${toJsString(name)}: ${toJsString(value)},`)
  const commented = redacted.map(name => `      // ${toJsString(name).replace(/\n/g, ' ')}: '${REDACTED}', redacted by the recorder: set the real value`)
  const body = [...entries, ...commented]
  return body.length === 0 ? '{}' : `{\n${body.join('\n')}\n    }`
}

function redactedInput(text: string): string | undefined {
  return text === REDACTED ? `'${REDACTED}' /* redacted by the recorder */` : undefined
}

function matchRedacted(text: string): string | undefined {
  if (text === REDACTED) return 'expect.anything() /* redacted by the recorder */'
  if (text.startsWith('[truncated')) return 'expect.anything() /* cut by the recorder */'
  return undefined
}

function containsRedacted(value: unknown): boolean {
  if (value === REDACTED) return true
  if (typeof value !== 'object' || value === null) return false
  return Object.values(value).some(containsRedacted)
}
