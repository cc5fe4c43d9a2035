// Dev-only Nitro 3 endpoint (Nuxt 5): the registry of every route file, actions described in full.
import { registryResponse } from '../internal/registry-response'

// compact: h3 2 indents an object it answers with in debug mode, twice the bytes for the Actions tab to wait for
export default async () => new Response(JSON.stringify(await registryResponse()), { headers: { 'content-type': 'application/json' } })
