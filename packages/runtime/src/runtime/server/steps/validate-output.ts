import type { StandardSchemaV1 } from '@standard-schema/spec'
import { createActionError } from '../errors'
import { issuesToFieldErrors } from '../internal/field-errors'
import { issuesOf } from '../internal/standard-schema'
import { logInDevelopment } from '../internal/dev-logger'

function toOutputValue(result: unknown): unknown {
  const issues = issuesOf(result)
  if (!issues) return (result as StandardSchemaV1.SuccessResult<unknown>).value
  logInDevelopment('warn', 'Output validation failed: the handler returned a value its outputSchema rejects', issues)
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
 * A synchronous schema gives a synchronous result (or throw).
 */
export function validateOutput(schema: StandardSchemaV1, data: unknown): unknown {
  const result = schema['~standard'].validate(data)
  return result instanceof Promise ? result.then(toOutputValue) : toOutputValue(result)
}
