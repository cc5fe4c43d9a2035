// Build-time only (Nitro 2's prerender build): the document and where each operation came from, read by the module.
import { defineEventHandler } from 'h3'
import { buildOpenApi } from '../build-document'

export default defineEventHandler(() => buildOpenApi())
