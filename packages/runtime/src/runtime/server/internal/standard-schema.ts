import type { StandardSchemaV1 } from '@standard-schema/spec'

/** Whether a value implements the Standard Schema interface (`~standard.validate`). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  // arktype's schemas are functions, the others are objects
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  const standard = (value as Partial<StandardSchemaV1>)['~standard']
  return typeof standard === 'object' && standard !== null && typeof standard.validate === 'function'
}

/** Throws the TypeError of SPEC's rule 2 when an option is set but is not a Standard Schema. */
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

/** A validation outcome: the value on success, the issues on failure. */
export type SchemaOutcome
  = | { ok: true, value: unknown }
    | { ok: false, issues: ReadonlyArray<StandardSchemaV1.Issue> }

function toOutcome(result: unknown): SchemaOutcome {
  if (typeof result !== 'object' || result === null) {
    throw new TypeError('Standard Schema validate() returned neither a value nor issues')
  }
  const { issues } = result as { issues?: unknown }
  if (issues === undefined) return { ok: true, value: (result as { value: unknown }).value }
  if (!Array.isArray(issues)) {
    throw new TypeError('Standard Schema validate() returned issues that are not an array')
  }
  return { ok: false, issues }
}

/**
 * Runs `~standard.validate`. A synchronous schema gets a synchronous outcome
 * (no promise, no microtask on the hot path); an async one gets a promise. A
 * schema that returns neither a value nor an issue list is a bug on the
 * server: it throws, and answers INTERNAL_ERROR.
 */
export function validateWithSchema(schema: StandardSchemaV1, value: unknown): SchemaOutcome | Promise<SchemaOutcome> {
  const result = schema['~standard'].validate(value)
  return result instanceof Promise ? result.then(toOutcome) : toOutcome(result)
}
