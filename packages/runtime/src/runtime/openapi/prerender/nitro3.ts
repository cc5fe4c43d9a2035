// Build-time only (Nitro 3's prerender build): the document and where each operation came from, read by the module.
import { buildOpenApi } from '../build-document'

export default () => buildOpenApi()
