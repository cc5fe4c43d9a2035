// Dev-only Nitro 3 endpoint (Nuxt 5): the OpenAPI 3.1 document of every action, made from the route files as they are now.
import { devOpenApiDocument } from '../../openapi/dev-document'

export default () => devOpenApiDocument()
