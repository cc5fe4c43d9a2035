import { execFileSync } from 'node:child_process'
import fc from 'fast-check'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import type { RequestDraft } from '../../src/client/logic/request-draft'
import { draftUrl } from '../../src/client/logic/request-draft'
import { toActionCode, toJsString } from '../../src/client/logic/action-code'
import { curlArguments, formatShellCommand, toCurl } from '../../src/client/logic/curl-command'

// strings the way an attacker would pick them: any code point, quotes, backslashes, newlines, `${}`, `</script>`,
// U+2028/2029, bidirectional controls, and injection attempts
const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.constantFrom(
    'a\', evil: globalThis.process.exit(1), b: \'',
    '\'; process.exit(1); \'',
    '`${process.exit(1)}`',
    '</script><script>alert(1)</script>',
    '\u2028\u2029',
    '\u202Eevil\u202C',
    '\\\'',
    '__proto__',
    'constructor',
    '$(touch /tmp/pwned)',
    '"; touch /tmp/pwned; "',
    '\'$HOME\'',
    '!!',
  ),
  fc.array(fc.constantFrom('\'', '"', '\\', '\n', '\r', '`', '$', '{', '}', '<', '/', '\u2028', '\u2029', '\0', 'a', ' '), { maxLength: 12 }).map(chars => chars.join('')),
)

/** Whether a string has no lone surrogate (a shell argument travels as UTF-8, which cannot hold one). */
function isWellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)
}

const jsonValue = fc.letrec<{ value: unknown }>(tie => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nasty,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nasty, tie('value'), { maxKeys: 4 }),
  ),
})).value

const draft: fc.Arbitrary<RequestDraft> = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'),
  route: fc.oneof(nasty, fc.constantFrom('/api/todos/:id', '/api/files/**:path')),
  params: fc.dictionary(nasty, nasty, { maxKeys: 3 }),
  input: jsonValue,
  headers: fc.dictionary(nasty, nasty, { maxKeys: 3 }),
})

const LITERAL_KINDS = new Set([
  ts.SyntaxKind.ObjectLiteralExpression,
  ts.SyntaxKind.ArrayLiteralExpression,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.ComputedPropertyName,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
])

/**
 * Proves, with a real JavaScript parser, that the argument list holds nothing but literals: no identifier as a
 * value, no call, no template, no operator but the minus of a number. Such an expression runs no code.
 */
function assertOnlyLiterals(node: ts.Node): void {
  if (ts.isPrefixUnaryExpression(node)) {
    expect(node.operator).toBe(ts.SyntaxKind.MinusToken)
    expect(ts.isNumericLiteral(node.operand)).toBe(true)
    return
  }
  if (ts.isPropertyAssignment(node)) {
    const name = node.name
    expect(ts.isIdentifier(name) || ts.isStringLiteral(name) || (ts.isComputedPropertyName(name) && ts.isStringLiteral(name.expression))).toBe(true)
    if (ts.isComputedPropertyName(name)) assertOnlyLiterals(name.expression)
    assertOnlyLiterals(node.initializer)
    return
  }
  expect(LITERAL_KINDS.has(node.kind), `${ts.SyntaxKind[node.kind]}: ${node.getText()}`).toBe(true)
  node.forEachChild(assertOnlyLiterals)
}

/** The `$action(...)` call of the copied text, after checking the statement around it is exactly `const result = await $action(...)`. */
function parseActionCode(text: string): ts.CallExpression {
  const file = ts.createSourceFile('copied.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS)
  expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([])
  expect(file.statements).toHaveLength(1)
  const statement = file.statements[0]!
  if (!ts.isVariableStatement(statement)) throw new Error('not a variable statement')
  const [declaration] = statement.declarationList.declarations
  expect(statement.declarationList.declarations).toHaveLength(1)
  expect(declaration!.name.getText()).toBe('result')
  const awaited = declaration!.initializer
  if (!awaited || !ts.isAwaitExpression(awaited) || !ts.isCallExpression(awaited.expression)) throw new Error('not await $action(...)')
  const call = awaited.expression
  expect(call.expression.getText()).toBe('$action')
  expect(call.arguments).toHaveLength(2)
  call.arguments.forEach(assertOnlyLiterals)
  return call
}

const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<unknown>

/** Runs the copied text, once it is proven to be literals only, with a stand-in `$action` that hands back its arguments. */
async function evaluateActionCode(text: string): Promise<unknown> {
  return new AsyncFunction('$action', `${text}\nreturn result`)((route: unknown, options: unknown) => ({ route, options }))
}

/** What the copied call must pass: the draft as the request sends it (the input after a JSON round trip). */
function expectedCall(from: RequestDraft) {
  const options: Record<string, unknown> = { method: from.method }
  if (Object.keys(from.params).length > 0) options.params = from.params
  const input = from.input
  if (typeof input === 'object' && input !== null && !Array.isArray(input) ? Object.keys(input).length > 0 : input !== undefined) {
    options.input = JSON.parse(JSON.stringify(input))
  }
  if (Object.keys(from.headers).length > 0) options.headers = from.headers
  return { route: from.route, options }
}

/** Whether the draft's params fill its route (draftUrl refuses empty, "." and ".." segments). */
function urlFills(from: RequestDraft): boolean {
  try {
    draftUrl(from)
    return true
  }
  catch {
    return false
  }
}

/** Runs a command line in a real POSIX shell with `curl` standing for a printer of its arguments, NUL-separated. */
function shellArguments(commandLine: string): string[] {
  const output = execFileSync('sh', ['-c', `curl() { printf '%s\\0' "$@"; }\n${commandLine}`], { encoding: 'utf8' })
  return output.split('\0').slice(0, -1)
}

describe('Copy as $action', () => {
  it('cannot carry code from a recorded key onto the clipboard', async () => {
    const text = toActionCode({ method: 'POST', route: '/api/x', params: {}, headers: {}, input: { 'a\', evil: globalThis.process.exit(1), b: \'': 1 } })
    parseActionCode(text)
    expect(await evaluateActionCode(text)).toEqual({ route: '/api/x', options: { method: 'POST', input: { 'a\', evil: globalThis.process.exit(1), b: \'': 1 } } })
  })

  it('writes only literals that evaluate to exactly the recorded route, keys and values (property)', async () => {
    await fc.assert(fc.asyncProperty(draft, async (from) => {
      const text = toActionCode(from)
      parseActionCode(text)
      const evaluated = await evaluateActionCode(text) as { options: object }
      expect(evaluated).toEqual(expectedCall(from))
      // toEqual treats an own __proto__ key like any other: check the prototypes too
      expect(Object.getPrototypeOf(evaluated.options)).toBe(Object.prototype)
    }), { numRuns: 300 })
  })

  it('keeps </script>, line separators and bidirectional controls out of the text (property)', () => {
    fc.assert(fc.property(nasty, (text) => {
      const literal = toJsString(text)
      expect(literal).not.toMatch(/<\/script/i)
      expect(literal).not.toMatch(/[\n\r\u2028\u2029\u202A-\u202E\u2066-\u2069]/)
      expect(new Function(`return ${literal}`)()).toBe(text)
    }))
  })
})

describe('Copy as cURL', () => {
  it('a POSIX shell hands back exactly the arguments, whatever they hold (property)', () => {
    const argument = nasty.filter(text => !text.includes('\0') && isWellFormed(text))
    fc.assert(fc.property(fc.array(fc.array(argument, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }), (lines) => {
      expect(shellArguments(formatShellCommand([['curl'], ...lines]))).toEqual(lines.flat())
    }), { numRuns: 150 })
  })

  it('the copied command runs curl with exactly the draft\'s method, URL, headers and body (property)', () => {
    // drafts whose route params fill in: one that would reach another route is refused before any text is made
    const filled = fc.tuple(draft, fc.record({ id: nasty, path: nasty })).map(([from, params]) => ({ ...from, params: { ...from.params, ...params } }))
    const wellFormed = filled.filter(from => isWellFormed(JSON.stringify(from)) && !JSON.stringify(from).includes('\\u0000') && urlFills(from))
    fc.assert(fc.property(wellFormed, (from) => {
      expect(shellArguments(toCurl(from, 'http://localhost:3000'))).toEqual(curlArguments(from, 'http://localhost:3000').slice(1))
    }), { numRuns: 150 })
  })

  it('never lets curl read a file: the body goes as --data-raw, a header named with @ is left out', () => {
    const args = curlArguments({ method: 'POST', route: '/api/x', params: {}, input: '@/etc/passwd', headers: { '@/etc/passwd': 'x', 'x-empty': '' } }, 'http://localhost:3000')
    expect(args).toEqual(['curl', '-X', 'POST', 'http://localhost:3000/api/x', '-H', 'content-type: application/json', '-H', 'x-empty;', '--data-raw', '"@/etc/passwd"'])
  })
})
