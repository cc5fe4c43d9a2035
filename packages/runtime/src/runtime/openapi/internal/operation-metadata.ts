/** What an operation takes from an action's `metadata`; keys of another type are left out. */
export interface OperationMetadata {
  summary?: string
  description?: string
  tags?: string[]
  deprecated?: boolean
  operationId?: string
  successStatus?: number
}

/**
 * Reads the documented metadata keys: `summary`, `description`, `tags`
 * (strings), `deprecated` (boolean), `operationId`, and `successStatus` (the 2xx the
 * handler sets, default 200). The rest of `metadata` is the app's own and stays out.
 * @example
 * operationMetadataOf({ summary: 'List todos', tags: ['todos'], roles: ['admin'] })
 * // { summary: 'List todos', tags: ['todos'] }
 */
export function operationMetadataOf(metadata: Record<string, unknown> | undefined): OperationMetadata {
  const read: OperationMetadata = {}
  if (!metadata) return read
  if (typeof metadata.summary === 'string') read.summary = metadata.summary
  if (typeof metadata.description === 'string') read.description = metadata.description
  if (Array.isArray(metadata.tags) && metadata.tags.every(tag => typeof tag === 'string')) read.tags = [...metadata.tags]
  if (typeof metadata.deprecated === 'boolean') read.deprecated = metadata.deprecated
  if (typeof metadata.operationId === 'string' && metadata.operationId) read.operationId = metadata.operationId
  // a status that cannot carry the envelope answers 200 (docs/decisions.md), so only these are kept
  if (Number.isInteger(metadata.successStatus) && (metadata.successStatus as number) >= 200 && (metadata.successStatus as number) <= 299
    && ![204, 205].includes(metadata.successStatus as number)) read.successStatus = metadata.successStatus as number
  return read
}
