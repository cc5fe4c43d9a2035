import type { StandardSchemaV1 } from '@standard-schema/spec'

/** Whether a value implements the Standard Schema interface (`~standard.validate`). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  // arktype's schemas are functions, the others are objects
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  const standard = (value as Partial<StandardSchemaV1>)['~standard']
  return typeof standard === 'object' && standard !== null && typeof standard.validate === 'function'
}

/** Throws the definition-time TypeError when an option is set but is not a Standard Schema. */
export function assertStandardSchema(value: unknown, option: string): asserts value is StandardSchemaV1 | undefined {
  if (value === undefined) return
  if (!isStandardSchema(value)) {
    throw new TypeError(`defineAction: \`${option}\` must be a Standard Schema (an object with \`~standard.validate\`), got ${describe(value)}`)
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object without `~standard.validate`' : `a ${typeof value}`
}

/**
 * The issues of a `~standard.validate` result, or `undefined` when it passed
 * (its `value` is then the output). Reads the schema's own result rather than
 * wrapping it: this runs on every request. A result that is neither a value
 * nor an issue list is a bug on the server: it throws, and answers INTERNAL_ERROR.
 */
export function issuesOf(result: unknown): ReadonlyArray<StandardSchemaV1.Issue> | undefined {
  if (typeof result !== 'object' || result === null) {
    throw new TypeError('Standard Schema validate() returned neither a value nor issues')
  }
  const issues = (result as { issues?: unknown }).issues
  if (issues === undefined || Array.isArray(issues)) return issues
  throw new TypeError('Standard Schema validate() returned issues that are not an array')
}
