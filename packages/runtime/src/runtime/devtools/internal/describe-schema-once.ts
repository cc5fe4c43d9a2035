import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { SchemaInfo } from '@action-route/devtools/types'
import { describeSchema } from '../describe-schema'

// a schema module is loaded once per Nitro (a changed file restarts it), so its schema objects never change meanwhile
const described = new WeakMap<StandardSchemaV1, Partial<Record<'input' | 'output', Promise<SchemaInfo | undefined>>>>()

/**
 * `describeSchema`, converted once per schema object and side: the Actions tab asks for
 * every route on each open, and converting 500 schemas again took most of that answer's time.
 * @example
 * await describeSchemaOnce(descriptor.input, 'input')
 */
export function describeSchemaOnce(schema: StandardSchemaV1 | undefined, io: 'input' | 'output'): Promise<SchemaInfo | undefined> {
  if (!schema || (typeof schema !== 'object' && typeof schema !== 'function')) return describeSchema(schema, io)
  const sides = described.get(schema) ?? {}
  described.set(schema, sides)
  return sides[io] ??= describeSchema(schema, io)
}
