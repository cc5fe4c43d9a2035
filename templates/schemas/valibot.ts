import type { SchemaTemplate } from '../types'
import { valibotShape } from '../shapes/valibot'
import { inputExample, needsBody, objectKey, objectLines, optionalField } from './shared'

/**
 * valibot snippets (valibot 1.x).
 * @example
 * valibotSchema({ params: ['id'], method: 'patch' }).params
 * // v.object({ id: v.pipe(v.string(), v.minLength(1)) })
 */
export const valibotSchema: SchemaTemplate = ({ params, method, input }) => ({
  imports: `import * as v from 'valibot'`,
  params: params.length
    ? `v.object({\n${objectLines(params.map(name => [objectKey(name), 'v.pipe(v.string(), v.minLength(1))']), '  ')}\n  })`
    : '',
  input: input
    ? valibotShape(input, '  ')
    : needsBody(method)
      ? `v.object({\n    title: v.pipe(v.string(), v.minLength(1)),\n  })`
      : `v.object({\n    ${optionalField(method)}: v.optional(v.string()),\n  })`,
  inputExample: inputExample(method),
  event: `v.object({\n    index: v.pipe(v.number(), v.integer()),\n    text: v.string(),\n  })`,
})
