// Dev-only (Nitro 2): the registry of every route file, actions described in full.
import { defineEventHandler, setResponseHeader } from 'h3'
import { registryResponse } from '../internal/registry-response'

export default defineEventHandler(async (event) => {
  // compact: h3 1 indents an object it answers with (in dev), twice the bytes for the Actions tab to wait for
  setResponseHeader(event, 'content-type', 'application/json')
  return JSON.stringify(await registryResponse())
})
