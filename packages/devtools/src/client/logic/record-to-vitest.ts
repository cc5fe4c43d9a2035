import type { RequestRecord } from '../../shared/types'
import { toJsLiteral, toJsString } from './action-code'
import { findCreatingRequest, generatedMatcher, looksGenerated } from './generated-values'
import type { CreatingRequest } from './generated-values'
import { draftFromRecord, draftUrl, usesQuery } from './request-draft'

const REDACTED = '[redacted]'

/** Where the exported test sends its request. */
export interface VitestExportOptions {
  /** The app's origin, the default when the test runs without `APP_URL`: `http://localhost:3000`. */
  baseURL: string
  /** The request log, oldest first: where the export finds the earlier request that created an id the URL uses. */
  records?: readonly RequestRecord[]
}

/**
 * A recorded request as a ready-to-run vitest test file: it sends the same
 * request with `fetch` to `APP_URL` (or `baseURL`; vitest sets `BASE_URL` itself) and asserts the status
 * and the envelope. Values the recorder redacted stay redacted: a redacted
 * header is left out, commented, a redacted body field is sent as
 * `'[redacted]'` with a comment asking for the real value, and a redacted
 * or cut part of the envelope is matched by `expect.anything()`.
 * The test passes on every run, not on the recorded one only: ids and times in the envelope are matched by
 * `expect.any(...)`, and an id in the URL that an earlier request in `records` created (`DELETE /api/todos/7`
 * after the `POST /api/todos` that answered id 7) is made anew: the test sends that request first and uses the id it answers.
 * @example
 * recordToVitest(record, { baseURL: 'http://localhost:3000', records })
 * // import { expect, it } from 'vitest'
 * // ...
 * // it('POST /api/todos answers 201 with the recorded envelope', async () => { ... })
 */
export function recordToVitest(record: RequestRecord, options: VitestExportOptions): string {
  const draft = draftFromRecord(record)
  const title = `${record.method} ${record.unmatched ? record.path : record.route} answers ${record.status}${record.envelope === null ? '' : ' with the recorded envelope'}`

  // each path param the app generated: made anew by the request that created it, else kept with a comment
  const created: { name: string, creator: CreatingRequest }[] = []
  const notes: string[] = []
  if (!record.unmatched) {
    for (const [name, value] of Object.entries(record.params)) {
      if (!looksGenerated(value)) continue
      const creator = findCreatingRequest(options.records ?? [], record, value)
      if (creator) created.push({ name, creator })
      else notes.push(`  // ${toJsString(value)} in the URL is a value the app generated: if a second run finds it gone, create it first and put its id here`)
    }
  }
  const placeholders = Object.fromEntries(created.map(({ name }, index) => [name, `__created${index}__`]))
  let url = toJsString(draftUrl({ ...draft, params: { ...draft.params, ...placeholders } }))
  created.forEach((_, index) => (url += `.replace('__created${index}__', encodeURIComponent(created${index}))`))

  const lines = [
    `// Exported from the Actions tab of Nuxt DevTools: ${record.method} ${record.url}, answered ${record.status} at ${new Date(record.time).toISOString()}.`,
    '// Run it against the app: APP_URL=http://localhost:3000 npx vitest run <this file>',
    `import { expect, it } from 'vitest'`,
    '',
    `const baseURL = process.env.APP_URL ?? ${toJsString(options.baseURL)}`,
    '',
    `it(${toJsString(title)}, async () => {`,
  ]
  created.forEach(({ creator }, index) => {
    const answer = `answer${index}`
    lines.push(
      `  // the id in the URL, made anew by the request that created it: ${creator.record.method} ${creator.record.url.replace(/[\r\n\u2028\u2029]/g, ' ')}`,
      ...fetchLines(creator.record, answer, toJsString(draftUrl(draftFromRecord(creator.record)))),
      `  expect(${answer}.status).toBe(${creator.record.status})`,
      `  const created${index} = String((await ${answer}.json())${creator.path.map(key => `[${typeof key === 'number' ? key : toJsString(key)}]`).join('')})`,
    )
  })
  lines.push(...notes, ...fetchLines(record, 'response', url), `  expect(response.status).toBe(${record.status})`)
  if (record.stream && record.envelope !== null) {
    // a streamed answer: its end event carries the envelope
    lines.push(
      `  expect(response.headers.get('content-type')).toMatch(/^text\\/event-stream/)`,
      `  const end = (await response.text()).split('\\n\\n').find(message => message.startsWith('event: end\\n'))`,
      `  expect(JSON.parse(end!.slice(end!.indexOf('data:') + 5))).toEqual(${toJsLiteral(record.envelope, 1, matchEnvelopeLeaf)})`,
    )
  }
  else if (record.envelope !== null) {
    lines.push(`  expect(await response.json()).toEqual(${toJsLiteral(record.envelope, 1, matchEnvelopeLeaf)})`)
  }
  lines.push('})', '')
  return lines.join('\n')
}

/** `const <name> = await fetch(...)` sending a record's request again, to `urlExpression`. */
function fetchLines(record: RequestRecord, name: string, urlExpression: string): string[] {
  const draft = draftFromRecord(record)
  const hasBody = !usesQuery(record.method)
  // a redacted Idempotency-Key stays in a replay's draft (sendDraft refuses it); here it is one more comment to fill in
  const sendable = Object.fromEntries(Object.entries(draft.headers).filter(([, value]) => value !== REDACTED))
  const headers: Record<string, string> = { ...(hasBody && { 'content-type': 'application/json' }), ...sendable }
  const redactedHeaders = Object.keys(record.headers).filter(header => record.headers[header] === REDACTED)
  const lines = [
    `  const ${name} = await fetch(new URL(${urlExpression}, baseURL), {`,
    `    method: ${toJsString(record.method)},`,
    `    headers: ${headersLiteral(headers, redactedHeaders)},`,
  ]
  if (containsRedacted(draft.input)) lines.push(`    // '${REDACTED}' values were redacted by the recorder: put the real values in before running`)
  if (hasBody) lines.push(`    body: JSON.stringify(${toJsLiteral(draft.input ?? {}, 2, redactedInput)}),`)
  lines.push('  })')
  return lines
}

function headersLiteral(headers: Record<string, string>, redacted: string[]): string {
  const entries = Object.entries(headers).map(([name, value]) => `      ${toJsString(name)}: ${toJsString(value)},`)
  const commented = redacted.map(name => `      // ${toJsString(name).replace(/\n/g, ' ')}: '${REDACTED}', redacted by the recorder: set the real value`)
  const body = [...entries, ...commented]
  return body.length === 0 ? '{}' : `{\n${body.join('\n')}\n    }`
}

function redactedInput(value: string | number): string | undefined {
  return value === REDACTED ? `'${REDACTED}' /* redacted by the recorder */` : undefined
}

function matchEnvelopeLeaf(value: string | number, key: string | undefined): string | undefined {
  if (value === REDACTED) return 'expect.anything() /* redacted by the recorder */'
  if (typeof value === 'string' && value.startsWith('[truncated')) return 'expect.anything() /* cut by the recorder */'
  return generatedMatcher(value, key)
}

function containsRedacted(value: unknown): boolean {
  if (value === REDACTED) return true
  if (typeof value !== 'object' || value === null) return false
  return Object.values(value).some(containsRedacted)
}
