import type { SchemaTemplate } from '../types'
import { zodShape } from '../shapes/zod'
import { inputExample, needsBody, objectKey, objectLines, optionalField } from './shared'

/**
 * zod snippets (zod 3.24+ and 4).
 * @example
 * zodSchema({ params: ['id'], method: 'patch' }).params
 * // z.object({ id: z.string().min(1) })
 */
export const zodSchema: SchemaTemplate = ({ params, method, input }) => ({
  imports: `import { z } from 'zod'`,
  params: params.length
    ? `z.object({\n${objectLines(params.map(name => [objectKey(name), 'z.string().min(1)']), '  ')}\n  })`
    : '',
  input: input
    ? zodShape(input, '  ')
    : needsBody(method)
      ? `z.object({\n    title: z.string().min(1),\n  })`
      : `z.object({\n    ${optionalField(method)}: z.string().optional(),\n  })`,
  inputExample: inputExample(method),
  event: `z.object({\n    index: z.number().int(),\n    text: z.string(),\n  })`,
})
