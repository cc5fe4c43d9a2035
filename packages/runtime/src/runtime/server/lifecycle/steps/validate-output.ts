import type { StandardSchemaV1 } from '@standard-schema/spec'
import { createActionError } from '../../errors/action-error'
import { issuesToFieldErrors } from '../../errors/field-errors'
import { issuesOf } from '../../internal/standard-schema'
import { logInDevelopment } from '../../internal/dev-logger'

const REJECTED = {
  output: 'Output validation failed: the handler returned a value its outputSchema rejects',
  event: 'Event validation failed: the handler yielded a value its eventSchema rejects',
}

function toOutputValue(result: unknown, what: keyof typeof REJECTED): unknown {
  const issues = issuesOf(result)
  if (!issues) return (result as StandardSchemaV1.SuccessResult<unknown>).value
  logInDevelopment('warn', REJECTED[what], issues)
  throw createActionError({
    code: 'OUTPUT_VALIDATION_ERROR',
    message: 'Output validation failed',
    statusCode: 500,
    fieldErrors: issuesToFieldErrors(issues),
  })
}

/**
 * Step 5: checks the handler's result against the output schema (when given)
 * and keeps only what the schema outputs, so fields it leaves out never reach
 * the client. A rejection is a server bug: OUTPUT_VALIDATION_ERROR 500.
 * A synchronous schema gives a synchronous result (or throw). A stream's
 * events go through its `eventSchema` the same way (`what: 'event'`).
 * @example
 * const data = validateOutput(outputSchema, { id: 1, secret: 'x' }) // { id: 1 }
 */
export function validateOutput(schema: StandardSchemaV1, data: unknown, what: 'output' | 'event' = 'output'): unknown {
  const result = schema['~standard'].validate(data)
  return result instanceof Promise ? result.then(value => toOutputValue(value, what)) : toOutputValue(result, what)
}
