// Dev-only (Nitro 2): the OpenAPI 3.1 document of every action, made from the route files as they are now.
import { defineEventHandler } from 'h3'
import { devOpenApiDocument } from '../../openapi/dev-document'

export default defineEventHandler(() => devOpenApiDocument())
