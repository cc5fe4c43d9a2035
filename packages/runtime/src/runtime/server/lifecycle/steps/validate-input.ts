import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { ActionErrorData } from '../../types'
import { issuesToFieldErrors } from '../../errors/field-errors'
import { issuesOf } from '../../internal/standard-schema'
import type { ActionCall } from '../action-call'

type Issues = ReadonlyArray<StandardSchemaV1.Issue>
type Schemas = { input?: StandardSchemaV1, params?: StandardSchemaV1 }

function validationError(paramsIssues: Issues | undefined, inputIssues: Issues | undefined): ActionErrorData {
  const fieldErrors = issuesToFieldErrors(paramsIssues ?? [], 'params')
  issuesToFieldErrors(inputIssues ?? [], undefined, fieldErrors)
  return { code: 'VALIDATION_ERROR', message: 'Input validation failed', statusCode: 422, fieldErrors }
}

/** Writes the schemas' outputs into the call, or gives the VALIDATION_ERROR their issues make. */
function settle(schemas: Schemas, call: ActionCall, paramsResult: unknown, inputResult: unknown): ActionErrorData | undefined {
  const paramsIssues = schemas.params ? issuesOf(paramsResult) : undefined
  const inputIssues = schemas.input ? issuesOf(inputResult) : undefined
  if (paramsIssues || inputIssues) return validationError(paramsIssues, inputIssues)
  if (schemas.params) call.params = (paramsResult as StandardSchemaV1.SuccessResult<unknown>).value
  if (schemas.input) call.input = (inputResult as StandardSchemaV1.SuccessResult<unknown>).value
  return undefined
}

/**
 * Step 2: validates the call's raw input and route params against their
 * schemas (when given) and replaces them with the schemas' outputs. Issues of
 * both make one VALIDATION_ERROR 422, returned rather than thrown (a rejected
 * input is an expected answer, not an exception); param fields are under
 * `params.` so they never collide with input fields. Synchronous schemas give
 * a synchronous result.
 */
export function validateInput(
  schemas: Schemas,
  call: ActionCall,
): ActionErrorData | undefined | Promise<ActionErrorData | undefined> {
  const paramsResult = schemas.params?.['~standard'].validate(call.params)
  const inputResult = schemas.input?.['~standard'].validate(call.input)
  if (paramsResult instanceof Promise || inputResult instanceof Promise) {
    return Promise.all([paramsResult, inputResult]).then(([params, input]) => settle(schemas, call, params, input))
  }
  return settle(schemas, call, paramsResult, inputResult)
}
