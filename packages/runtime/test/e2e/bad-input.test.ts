import { request } from 'node:http'
import { connect } from 'node:net'
import { describe, expect, inject, it } from 'vitest'

const baseURL = inject('baseURL')
const { hostname, port } = new URL(baseURL)
// scripts/workers.mjs runs this file against a cloudflare-module build served by workerd as well

interface Answer { status: number, text: string, headers: Record<string, string | string[] | undefined> }
interface Case {
  name: string
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string | Uint8Array
  /** expected status and error code; `ok` for a success envelope */
  expect: { status: number, code?: string } | 'ok' | 'empty'
  data?: unknown
}

/** Sends one request with node:http, which allows any method, header and body bytes. */
function send({ method = 'POST', path = '/api/echo', headers = {}, body }: Case): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // an explicit length: Node's client would otherwise send a GET body with no framing at all
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }
    const req = request({ hostname, port, method, path, headers: { ...length, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', chunk => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const json = (body: string | Uint8Array, contentType = 'application/json'): Pick<Case, 'headers' | 'body'> => ({ headers: { 'content-type': contentType }, body })
const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map(part => typeof part === 'string' ? Buffer.from(part) : Buffer.from(part)))
const PARSE = { status: 400, code: 'PARSE_ERROR' }
const UNSUPPORTED = { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }
const TOO_LARGE = { status: 413, code: 'PAYLOAD_TOO_LARGE' }
const INVALID = { status: 422, code: 'VALIDATION_ERROR' }
const CROSS_ORIGIN = { status: 403, code: 'CROSS_ORIGIN_REQUEST' }

const malformed = [
  '{', '}', '{"a":}', '{"a" 1}', '{\'a\':1}', '{a:1}', '[1,]', '{"a":1,}', 'undefined', 'NaN', 'Infinity', '01', '1.', '.5', '+1',
  '"unterminated', '{"a":"\\x"}', '{"a":"\\u12"}', 'tru', 'nul', '[', ']', '{"a":[}', '{"a":1}}', '{"a":1} {"b":2}', '/* c */ {}',
  '{"a":1 // c\n}', '\u0000', '{"a":"b\u0001"}', ' \t\n ', '{"__proto__":}', '{"a":tru}', '[1 2]', '{"":}', '"\\"', '{"a":"\t"}',
]
const valid = '{"title":"Ship","tags":["a","b"],"n":{"x":[1,2,3]}}'
const multipartBody = (boundary: string, parts: string[]) => `${parts.map(part => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`

const deepArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const form = (body: string): Pick<Case, 'headers' | 'body'> => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
const fieldList = (count: number) => Array.from({ length: count }, (_, index) => `k${index}=1`).join('&')
const multipartOf = (parts: string[]): Pick<Case, 'headers' | 'body'> => ({ headers: { 'content-type': 'multipart/form-data; boundary=b' }, body: multipartBody('b', parts) })
const formField = (name: string, value = '1') => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`
const formFile = (name: string) => `Content-Disposition: form-data; name="${name}"; filename="${name}.txt"\r\nContent-Type: text/plain\r\n\r\nx`

/** The input limits: forms refused by their entry count before they are built, JSON by its nesting. */
const limitCases: Case[] = [
  { name: 'a urlencoded body of 1000 fields (the default limit)', ...form(fieldList(1000)), expect: 'ok' },
  { name: 'a urlencoded body of 1001 fields', ...form(fieldList(1001)), expect: TOO_LARGE },
  { name: 'a urlencoded body of 5000 empty pieces and one field', ...form(`${'&'.repeat(5000)}a=1`), expect: 'ok', data: { method: 'POST', input: { a: '1' } } },
  { name: 'a multipart body of 1001 tiny parts', path: '/api/limits/raised', ...multipartOf(Array.from({ length: 1001 }, (_, index) => formField(`f${index}`))), expect: 'ok' },
  { name: 'a multipart body of 1001 tiny parts, default limits', ...multipartOf(Array.from({ length: 1001 }, (_, index) => formField(`f${index}`))), expect: TOO_LARGE },
  { name: 'a 1 MiB multipart body of 14k tiny parts', path: '/api/big', ...multipartOf(Array.from({ length: 14_000 }, (_, index) => formField(`f${index}`, 'x'.repeat(30)))), expect: TOO_LARGE },
  { name: 'a multipart body of 10 files', path: '/api/form', ...multipartOf(Array.from({ length: 10 }, (_, index) => formFile(`f${index}`))), expect: 'ok' },
  { name: 'a multipart body of 11 files', path: '/api/form', ...multipartOf(Array.from({ length: 11 }, (_, index) => formFile(`f${index}`))), expect: TOO_LARGE },
  { name: 'a form of 4 fields to an action that allows 3', path: '/api/limits/tight', ...form('a=1&b=2&c=3&d=4'), expect: TOO_LARGE },
  { name: 'a form of 3 fields to an action that allows 3', path: '/api/limits/tight', ...form('a=1&b=2&c=3'), expect: 'ok', data: ['a', 'b', 'c'] },
  { name: 'two files to an action that allows 1', path: '/api/limits/tight', ...multipartOf([formFile('a'), formFile('b')]), expect: TOO_LARGE },
  { name: 'JSON nested 3 levels to an action that allows 2', path: '/api/limits/tight', ...json('{"a":{"b":[1]}}'), expect: TOO_LARGE },
  { name: 'JSON nested 2 levels with brackets inside strings, to an action that allows 2', path: '/api/limits/tight', ...json('{"a":{"b":"[[{{\\"[["}}'), expect: 'ok', data: ['a'] },
  { name: 'JSON nested 128 levels (the default limit)', ...json(deepArrays(128)), expect: 'ok' },
  { name: 'JSON nested 129 levels', ...json(deepArrays(129)), expect: TOO_LARGE },
  { name: 'JSON nested 129 levels, malformed', ...json('['.repeat(129)), expect: TOO_LARGE },
]

/**
 * Cross-origin requests: a body method that a browser marks as from another origin (Sec-Fetch-Site other than
 * same-origin or none, else an Origin that is not the host) answers CROSS_ORIGIN_REQUEST 403, whatever its body,
 * before the body is read (so before every limit and parse error); trusted origins and non-browsers pass.
 */
const crossOriginBodies: Array<[string, Pick<Case, 'headers' | 'body'>]> = [
  ['a urlencoded form', form('title=Pay+me')],
  ['a multipart form', multipartOf([formField('title')])],
  ['JSON', json('{"title":"x"}')],
  ['malformed JSON', json('{')],
  ['text/plain', json('title=x', 'text/plain')],
  ['no content type', { body: 'title=x' }],
  ['no body', {}],
  ['a body over the limit', json(`{"a":"${'x'.repeat(70 * 1024)}"}`)],
  ['JSON nested 100k levels', json(deepArrays(100_000))],
]
const browserMarked = (headers: Record<string, string>, entry: Pick<Case, 'headers' | 'body'>): Pick<Case, 'headers' | 'body'> => ({ ...entry, headers: { ...entry.headers, ...headers } })
const crossOriginCases: Case[] = [
  ...['cross-site', 'same-site', 'bogus', ''].flatMap(site => ['POST', 'PUT', 'PATCH', 'DELETE'].flatMap(method => crossOriginBodies.map(([what, entry]) => ({
    name: `${method} of ${what} marked Sec-Fetch-Site: ${JSON.stringify(site)}`, method, ...browserMarked({ 'sec-fetch-site': site, 'origin': 'https://evil.example' }, entry), expect: CROSS_ORIGIN,
  })))),
  ...crossOriginBodies.flatMap(([what, entry]) => [
    { name: `${what} from Origin https://evil.example (no Sec-Fetch-Site)`, ...browserMarked({ origin: 'https://evil.example' }, entry), expect: CROSS_ORIGIN },
    { name: `${what} from Origin: null (no Sec-Fetch-Site)`, ...browserMarked({ origin: 'null' }, entry), expect: CROSS_ORIGIN },
  ]),
  { name: 'a cross-site form to an action, with a session cookie', path: '/api/todos', ...browserMarked({ 'sec-fetch-site': 'same-site', 'origin': 'http://127.0.0.1:1', 'cookie': 'session=ada-token' }, form('title=x')), expect: CROSS_ORIGIN },
  { name: 'a same-origin form (Sec-Fetch-Site: same-origin)', ...browserMarked({ 'sec-fetch-site': 'same-origin', 'origin': baseURL }, form('a=1')), expect: 'ok', data: { method: 'POST', input: { a: '1' } } },
  { name: 'a form from the user\'s own navigation (Sec-Fetch-Site: none)', ...browserMarked({ 'sec-fetch-site': 'none' }, form('a=1')), expect: 'ok' },
  { name: 'a form whose Origin is the host (no Sec-Fetch-Site)', ...browserMarked({ origin: baseURL }, form('a=1')), expect: 'ok' },
  { name: 'a form whose Origin is the proxy\'s X-Forwarded-Host', ...browserMarked({ 'origin': 'https://shop.example', 'x-forwarded-host': 'shop.example' }, form('a=1')), expect: 'ok' },
  { name: 'a form with no Origin and no Sec-Fetch-Site (curl, a webhook)', ...form('a=1'), expect: 'ok' },
  { name: 'a cross-site GET (a query changes nothing)', method: 'GET', path: '/api/echo?a=1', headers: { 'sec-fetch-site': 'cross-site', 'origin': 'https://evil.example' }, expect: 'ok' },
  { name: 'a cross-site form from the origin the action trusts', path: '/api/cross-origin/pay-back', ...browserMarked({ 'sec-fetch-site': 'cross-site', 'origin': 'https://pay.example' }, form('paid=1')), expect: 'ok', data: { received: { paid: '1' } } },
  { name: 'a cross-site form from another origin than the one the action trusts', path: '/api/cross-origin/pay-back', ...browserMarked({ 'sec-fetch-site': 'cross-site', 'origin': 'https://evil.example' }, form('paid=1')), expect: CROSS_ORIGIN },
  { name: 'a cross-site form to an action that trusts *', path: '/api/cross-origin/open', ...browserMarked({ 'sec-fetch-site': 'cross-site', 'origin': 'https://evil.example' }, form('a=1')), expect: 'ok' },
  { name: 'a form from Origin: null to an action that trusts *', path: '/api/cross-origin/open', ...browserMarked({ origin: 'null' }, form('a=1')), expect: 'ok' },
  { name: 'a cross-site JSON post from the origin the module trusts (actionRoute.trustedOrigins)', ...browserMarked({ 'sec-fetch-site': 'cross-site', 'origin': 'https://admin.example' }, json('{"a":1}')), expect: 'ok', data: { method: 'POST', input: { a: 1 } } },
]

/** A post to a page without JavaScript (`useActionForm`'s form), which runs the action in-process. */
const PAGE = '/forms-demo?__action=/api/forms-demo/signup'
const grid = (size: number) => Array.from({ length: size }, (_, index) => `k${index}.${size - 1}=v`).join('&')
const deepName = (levels: number) => `${Array.from({ length: levels }, () => 'a').join('.')}=v`

/** The page path refuses what the action route refuses, before building the form, with the same envelope. */
const pagePathCases: Case[] = [
  { name: 'the page path: a grid form of 5000 names, each at index 4999', path: PAGE, ...form(grid(5000)), expect: TOO_LARGE },
  { name: 'the page path: a grid form of 11,000 names (154 KB)', path: PAGE, ...form(grid(11_000)), expect: TOO_LARGE },
  { name: 'the page path: 1001 empty fields', path: PAGE, ...form('a=&'.repeat(1001)), expect: TOO_LARGE },
  { name: 'the page path: 20,000 empty fields', path: PAGE, ...form('a=&'.repeat(20_000)), expect: TOO_LARGE },
  { name: 'the page path: a multipart body of 1001 tiny parts', path: PAGE, ...multipartOf(Array.from({ length: 1001 }, (_, index) => formField(`f${index}`))), expect: TOO_LARGE },
  { name: 'the page path: a multipart body of 11 files', path: PAGE, ...multipartOf(Array.from({ length: 11 }, (_, index) => formFile(`f${index}`))), expect: TOO_LARGE },
  { name: 'the page path: a field name of 129 dot segments', path: PAGE, ...form(deepName(129)), expect: TOO_LARGE },
  { name: 'the page path: a field name of 30,000 dot segments', path: PAGE, ...form(deepName(30_000)), expect: TOO_LARGE },
  { name: 'the page path: a body over the module-wide limit', path: PAGE, ...form(`a=${'x'.repeat(70 * 1024)}`), expect: TOO_LARGE },
  { name: 'the page path: multipart cut short', path: PAGE, headers: { 'content-type': 'multipart/form-data; boundary=XYZ' }, body: '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', expect: PARSE },
  { name: 'the page path: a text/plain body', path: PAGE, headers: { 'content-type': 'text/plain' }, body: 'a=1', expect: UNSUPPORTED },
  { name: 'the page path: an action of another host', path: '/forms-demo?__action=//evil.example/api', ...form('a=1'), expect: { status: 400, code: 'BAD_REQUEST' } },
]

/** Client-shaped values: each answers 4xx or succeeds, never 5xx. */
const valueCases: Case[] = [
  { name: 'the number 1e999', ...json('{"n":1e999}'), expect: 'ok', data: { method: 'POST', input: { n: null } } },
  { name: 'the number -1e999', ...json('{"n":-1e999}'), expect: 'ok', data: { method: 'POST', input: { n: null } } },
  { name: 'a 300-digit integer', ...json(`{"n":${'9'.repeat(300)}}`), expect: 'ok', data: { method: 'POST', input: { n: 1e300 } } },
  { name: 'a 300-digit integer where the schema wants a string', path: '/api/todos', ...json(`{"title":${'9'.repeat(300)}}`), expect: INVALID },
  { name: 'the number 1e999 where the schema wants a string', path: '/api/todos', ...json('{"title":1e999}'), expect: INVALID },
  { name: 'a 60 KB key', ...json(`{"${'k'.repeat(60_000)}":1}`), expect: 'ok' },
  { name: 'a 60 KB string', ...json(`{"s":"${'x'.repeat(60_000)}"}`), expect: 'ok' },
  { name: 'a 60 KB string against a schema', path: '/api/todos', ...json(`{"title":"${'x'.repeat(60_000)}"}`), expect: 'ok' },
  { name: '5000 keys', ...json(`{${Array.from({ length: 5000 }, (_, index) => `"k${index}":0`).join(',')}}`), expect: 'ok' },
  { name: 'an array of 20k elements', ...json(`[${Array.from({ length: 20_000 }, () => '0').join(',')}]`), expect: 'ok' },
  { name: 'many escaped characters', ...json(`{"s":"${'\\u0000\\ud83d\\ude00'.repeat(2000)}"}`), expect: 'ok' },
  { name: 'a lone surrogate escape', ...json('{"s":"\\ud800"}'), expect: 'ok' },
  { name: 'a urlencoded field of 60 KB', ...form(`a=${'x'.repeat(60_000)}`), expect: 'ok' },
  { name: 'a query of 1500 keys', method: 'GET', path: `/api/echo?${fieldList(1500)}`, expect: 'ok' },
  { name: 'a query of 2000 repeats of one key', method: 'GET', path: `/api/echo?${'a=1&'.repeat(2000)}`, expect: 'ok' },
  { name: 'a query key of 12 KB', method: 'GET', path: `/api/echo?${'k'.repeat(12_000)}=1`, expect: 'ok' },
  { name: 'a query value of 1e999', method: 'GET', path: '/api/echo?n=1e999', expect: 'ok', data: { method: 'GET', input: { n: '1e999' } } },
  { name: 'a query with prototype, __proto__ and constructor keys', method: 'GET', path: '/api/pollution/query?prototype=1&__proto__=2&constructor=3&ok=1', expect: 'ok', data: { keys: ['ok'], prototypePolluted: false } },
  { name: 'a query with an encoded prototype key', method: 'GET', path: '/api/echo?%70rototype=1&ok=1', expect: 'ok', data: { method: 'GET', input: { ok: '1' } } },
  { name: 'a HEAD query with a prototype key', method: 'HEAD', path: '/api/pollution/query?prototype=1', expect: 'empty' },
]

const cases: Case[] = [
  ...malformed.flatMap(text => ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json'].map(type => ({
    name: `malformed JSON ${JSON.stringify(text)} as ${type}`, ...json(text, type), expect: PARSE,
  }))),
  ...Array.from({ length: valid.length - 1 }, (_, index) => ({
    name: `JSON truncated to ${index + 1} bytes`, ...json(valid.slice(0, index + 1)), expect: PARSE,
  })),
  ...['1', '"s"', 'null', 'true', 'false', '[]', '[1]', '0', '-1', '1e999', '{}'].map(text => ({
    name: `valid JSON that is not the expected object: ${text}`, path: '/api/todos', ...json(text), expect: INVALID,
  })),
  ...[[0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF8, 0x88, 0x80, 0x80, 0x80]].map(sequence => ({
    name: `invalid UTF-8 ${sequence.map(byte => byte.toString(16)).join(' ')} inside JSON`, ...json(bytes('{"a":"', sequence, '"}')), expect: PARSE,
  })),
  { name: 'a body with no content type', body: 'a=1', expect: UNSUPPORTED },
  ...['text/plain', 'text/html', 'application/xml', 'application/octet-stream', 'image/png', 'application/javascript', 'multipart/mixed; boundary=x',
    'application/jsonx', 'json', ';', 'application/x-www-form-urlencoded-x', 'text/json'].map(type => ({
    name: `content type ${type}`, headers: { 'content-type': type }, body: 'a=1', expect: UNSUPPORTED,
  })),
  ...['application/json; charset=latin1', 'APPLICATION/JSON', 'application/json;;', 'Application/Json; Foo=bar', 'application/problem+json'].map(type => ({
    name: `JSON with content type ${type}`, ...json('{"a":1}', type), expect: 'ok' as const, data: { method: 'POST', input: { a: 1 } },
  })),
  ...([
    ['a=1&a=2&a=3', { a: ['1', '2', '3'] }],
    ['a[b]=1&a[c]=2', { 'a[b]': '1', 'a[c]': '2' }],
    ['a[]=1&a[]=2', { 'a[]': ['1', '2'] }],
    ['=&&&', { '': '' }],
    ['a=%ZZ', { a: '%ZZ' }],
    ['__proto__[x]=1&constructor=1&prototype=2&ok=1', { '__proto__[x]': '1', 'ok': '1' }],
    ['__proto__=1&b=2', { b: '2' }],
    ['a=%F0%9F%98%80', { a: '😀' }],
  ] as const).map(([body, input]) => ({
    name: `urlencoded ${body}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, expect: 'ok' as const, data: { method: 'POST', input },
  })),
  {
    name: 'multipart without files',
    headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
    body: multipartBody('XYZ', ['Content-Disposition: form-data; name="a"\r\n\r\n1', 'Content-Disposition: form-data; name="a"\r\n\r\n2']),
    expect: 'ok',
    data: { method: 'POST', input: { a: ['1', '2'] } },
  },
  {
    name: 'multipart with a file',
    path: '/api/form',
    headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
    body: multipartBody('XYZ', ['Content-Disposition: form-data; name="doc"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello']),
    expect: 'ok',
    data: { doc: { file: 'a.txt', size: 5 } },
  },
  { name: 'multipart whose boundary does not match', headers: { 'content-type': 'multipart/form-data; boundary=ABC' }, body: multipartBody('XYZ', ['Content-Disposition: form-data; name="a"\r\n\r\n1']), expect: PARSE },
  { name: 'multipart without a boundary', headers: { 'content-type': 'multipart/form-data' }, body: multipartBody('XYZ', ['Content-Disposition: form-data; name="a"\r\n\r\n1']), expect: PARSE },
  { name: 'multipart cut short', headers: { 'content-type': 'multipart/form-data; boundary=XYZ' }, body: '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', expect: PARSE },
  ...['a=1&a=2', 'a=&b=', 'a', '%5F%5Fproto%5F%5F=1', '__proto__=1', '__proto__[polluted]=1', 'constructor[prototype][polluted]=1', 'a=%', 'a=%E0%A4%A', `long=${'x'.repeat(8000)}`, 'a[b][c]=1', '&&=&='].map(query => ({
    name: `query ${query.slice(0, 40)}`, method: 'GET', path: `/api/pollution/query?${query}`, expect: 'ok' as const,
  })),
  ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'REPORT', 'PURGE', 'SEARCH', 'MKCOL', 'LOCK'].map(method => ({
    name: `method ${method}`, method, path: '/api/echo?x=1', expect: 'ok' as const,
  })),
  { name: 'method HEAD', method: 'HEAD', path: '/api/echo?x=1', expect: 'empty' },
  { name: 'HEAD with a body', method: 'HEAD', path: '/api/todos', headers: { 'content-type': 'application/json' }, body: '{"a":1}', expect: 'empty' },
  { name: 'GET with a body (ignored, the query is read)', method: 'GET', path: '/api/echo?q=1', ...json('{"a":1}'), expect: 'ok', data: { method: 'GET', input: { q: '1' } } },
  { name: 'a body over the module-wide limit', ...json(`{"a":"${'x'.repeat(70 * 1024)}"}`), expect: TOO_LARGE },
  { name: 'a body over the per-action limit', path: '/api/limited', ...json(`{"a":"${'x'.repeat(40)}"}`), expect: TOO_LARGE },
  { name: 'an empty body with a JSON content type', ...json(''), expect: 'ok', data: { method: 'POST', input: {} } },
  { name: 'a JSON body of 100k nested arrays', path: '/api/big', ...json(deepArrays(100_000)), expect: TOO_LARGE },
  { name: 'a JSON body of 100k nested arrays, echoed by an action without a schema', ...json(deepArrays(100_000)), expect: TOO_LARGE },
  { name: 'a JSON body of 100k nested objects with a __proto__ key', path: '/api/big', ...json(`${'{"__proto__":'.repeat(100_000)}1${'}'.repeat(100_000)}`), expect: TOO_LARGE },
  { name: 'a JSON body of 100k nested arrays, the nesting limit raised', path: '/api/limits/raised', ...json(deepArrays(100_000)), expect: 'ok', data: { type: 'array', keys: 1 } },
  { name: 'a JSON body of 100k nested objects with a __proto__ key, the nesting limit raised', path: '/api/limits/raised', ...json(`${'{"__proto__":'.repeat(100_000)}1${'}'.repeat(100_000)}`), expect: 'ok' },
  { name: 'a JSON object with 300k keys', path: '/api/big', ...json(`{${Array.from({ length: 300_000 }, (_, index) => `"k${index}":0`).join(',')}}`), expect: 'ok', data: { type: 'object', keys: 300_000 } },
  { name: 'a urlencoded body with 100k keys', path: '/api/big', ...form(fieldList(100_000)), expect: TOO_LARGE },
  { name: 'a urlencoded body with 100k keys, the field limit raised', path: '/api/limits/raised', ...form(fieldList(100_000)), expect: 'ok', data: { type: 'object', keys: 100_000 } },
  ...limitCases,
  ...valueCases,
  ...crossOriginCases,
  ...pagePathCases,
]

function expectSafeEnvelope(answer: Answer, expected: Case['expect'], data?: unknown) {
  if (expected === 'empty') {
    expect(answer.text).toBe('')
    return
  }
  const envelope = JSON.parse(answer.text)
  expect(answer.text).not.toMatch(/\bat .*\(|node_modules|\/work\/|\.output|\.mjs|\.ts:\d|stack/i)
  if (expected === 'ok') {
    expect(envelope.success, answer.text.slice(0, 300)).toBe(true)
    expect(answer.status).toBeLessThan(300)
    if (data !== undefined) expect(envelope.data).toEqual(data)
    return
  }
  expect(envelope.success).toBe(false)
  expect(answer.status).toBe(expected.status)
  expect(envelope.error.code).toBe(expected.code)
  expect(envelope.error.statusCode).toBe(expected.status)
  expect(Object.keys(envelope.error).filter(key => key !== 'fieldErrors').sort()).toEqual(['code', 'message', 'statusCode'])
}

describe('bad-input corpus, end to end', () => {
  it('has at least 200 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200)
  })

  for (const entry of cases) {
    it(entry.name, async () => {
      expectSafeEnvelope(await send(entry), entry.expect, entry.data)
    })
  }

  it('a chunked body is read, and refused past the limit', async () => {
    const small = await rawExchange(`POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n`)
    expect(small).toMatch(/^HTTP\/1\.1 200/)
    expect(small).toContain('{"success":true,"data":{"method":"POST","input":{"a":1}}}')
    const chunk = `${'x'.repeat(8192)}`
    const large = await rawExchange(`POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${`2000\r\n${chunk}\r\n`.repeat(10)}0\r\n\r\n`)
    expect(large).toMatch(/^HTTP\/1\.1 413/)
  })

  it('a body that stops halfway leaves the server healthy', async () => {
    await rawExchange(`POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":"half`, { endAfterWrite: true })
    const after = await send({ name: 'after', method: 'GET', path: '/api/echo?still=alive', expect: 'ok' })
    expect(JSON.parse(after.text)).toEqual({ success: true, data: { method: 'GET', input: { still: 'alive' } } })
  })

  it('leaves Object.prototype untouched on the server afterwards', async () => {
    const answer = await send({ name: 'check', method: 'GET', path: '/api/pollution/query', expect: 'ok' })
    expect(JSON.parse(answer.text).data.prototypePolluted).toBe(false)
  })
})

/** Writes raw bytes on a new connection and reads until the server closes it (or 5 s pass). */
function rawExchange(payload: string, { endAfterWrite = false } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname)
    let received = ''
    const done = () => {
      socket.destroy()
      resolve(received)
    }
    socket.setTimeout(5000, done)
    socket.on('data', (chunk) => {
      received += chunk
    })
    socket.on('end', done)
    socket.on('error', done)
    socket.write(payload, () => {
      if (endAfterWrite) socket.end()
    })
  })
}

describe('a client that gives up', () => {
  it('aborting mid-request leaves the server healthy', async () => {
    const controller = new AbortController()
    const pending = fetch(`${baseURL}/api/slow?ms=500`, { signal: controller.signal }).catch(error => error)
    setTimeout(() => controller.abort(), 50)
    expect((await pending).name).toBe('AbortError')
    const after = await fetch(`${baseURL}/api/slow?ms=0&tag=after`)
    expect(await after.json()).toEqual({ success: true, data: { tag: 'after' } })
  })
})
