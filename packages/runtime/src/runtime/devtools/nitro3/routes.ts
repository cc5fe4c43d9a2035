// Dev-only Nitro 3 endpoint (Nuxt 5): the registry of every route file, actions described in full.
import { registryResponse } from '../internal/registry-response'

export default () => registryResponse()
