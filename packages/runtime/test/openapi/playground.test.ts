import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { validate } from '@readme/openapi-parser'
import { beforeAll, describe, expect, it } from 'vitest'
import type { OpenApiDocument } from '../../src/runtime/openapi/types'
import { UNREPRESENTABLE } from '../../src/runtime/openapi/types'
import { sharedPlaygroundBuild } from '../helpers/playground-build'

let document: OpenApiDocument

beforeAll(async () => {
  // the playground as it stands, with the document turned on: the build the playground suite runs on too
  const output = await sharedPlaygroundBuild()
  document = JSON.parse(await readFile(join(output, 'public/openapi.json'), 'utf8')) as OpenApiDocument
})

describe('the playground\'s document', () => {
  it('validates with @readme/openapi-parser', async () => {
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
  })

  it('holds every action of the playground but the admin-only one, which says openapi: false', () => {
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/todos', '/api/todos/{id}', '/api/session']))
    expect(Object.keys(document.paths['/api/todos/{id}']!).sort()).toEqual(['delete', 'get', 'head', 'patch'])
    expect(Object.keys(document.paths)).not.toContain('/api/admin/stats')
    expect(JSON.stringify(document)).not.toContain('admin dashboard')
  })

  it('describes the valibot route through its toStandardJsonSchema wrapper: the body from the input side, data from the output side', () => {
    const operation = document.paths['/api/newsletter']!.post!
    expect(JSON.stringify(operation)).not.toContain(UNREPRESENTABLE)
    const body = (operation.requestBody as { content: Record<string, { schema: object }> }).content['application/json']!.schema
    expect(body).toEqual({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        topics: { type: 'array', items: { enum: ['releases', 'security'], type: 'string' }, default: ['releases'] },
      },
      required: ['email'],
    })
    const data = (operation.responses['200']!.content as Record<string, { schema: { properties: { data: object } } }>)['application/json']!.schema.properties.data
    expect(data).toMatchObject({ properties: { subscribed: { type: 'string', format: 'email' }, topics: { type: 'array' } }, required: ['subscribed', 'topics'] })
  })
})
