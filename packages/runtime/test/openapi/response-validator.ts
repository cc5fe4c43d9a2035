import Ajv2020 from 'ajv/dist/2020'
import type { OpenApiDocument } from '../../src/runtime/openapi/types'

/**
 * Checks answers against a document's response schemas with a JSON Schema
 * 2020-12 validator (OpenAPI 3.1's dialect): the answer's status picks the
 * response; `default` stands in only with `allowDefault`, since the runtime's
 * own failures and declared errors must each have their status listed.
 * @example
 * const check = responseValidator(document)
 * expect(check('/api/todos', 'get', 200, body)).toEqual([])
 */
export function responseValidator(document: OpenApiDocument, { allowDefault = false } = {}): (path: string, method: string, status: number, body: unknown) => string[] {
  // the document's own extensions (x-action-route-unrepresentable) are annotations, and formats are not asserted
  const ajv = new Ajv2020({ strict: false, validateSchema: false, validateFormats: false, allErrors: true })
  ajv.addSchema(document, 'document')
  return (path, method, status, body) => {
    const responses = document.paths[path]?.[method]?.responses
    if (!responses) return [`the document has no ${method.toUpperCase()} ${path}`]
    const key = String(status) in responses ? String(status) : 'default'
    if (!(key in responses) || (key === 'default' && !allowDefault)) return [`${method.toUpperCase()} ${path} does not list ${status}`]
    const pointer = ['paths', path, method, 'responses', key, 'content', 'application/json', 'schema']
      .map(token => encodeURIComponent(token.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')
    const validate = ajv.getSchema(`document#/${pointer}`)
    if (!validate) return [`no schema at ${pointer}`]
    return validate(body) ? [] : (validate.errors ?? []).map(error => `${status} ${error.instancePath} ${error.message}`)
  }
}
