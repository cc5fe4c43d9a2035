import type { SchemaTemplate } from '../types'
import { arktypeShape } from '../shapes/arktype'
import { inputExample, needsBody, objectKey, objectLines, optionalField } from './shared'

/**
 * arktype snippets (arktype 2.x).
 * @example
 * arktypeSchema({ params: ['id'], method: 'patch' }).params
 * // type({ id: 'string > 0' })
 */
export const arktypeSchema: SchemaTemplate = ({ params, method, input }) => ({
  imports: `import { type } from 'arktype'`,
  params: params.length
    ? `type({\n${objectLines(params.map(name => [objectKey(name), `'string > 0'`]), '  ')}\n  })`
    : '',
  input: input
    ? arktypeShape(input, '  ')
    : needsBody(method)
      ? `type({\n    title: 'string > 0',\n  })`
      : `type({\n    '${optionalField(method)}?': 'string',\n  })`,
  inputExample: inputExample(method),
  event: `type({\n    index: 'number.integer',\n    text: 'string',\n  })`,
})
