import type { SchemaTemplate } from '../types'

/**
 * No schema: the handler gets the raw params and the input as `unknown`.
 * @example
 * noneSchema({ params: ['id'], method: 'get' }).input // ''
 */
export const noneSchema: SchemaTemplate = () => ({
  imports: '',
  params: '',
  input: '',
  inputExample: '',
  event: '',
})
