// Dev-only (Nitro 2): the registry of every route file, actions described in full.
import { defineEventHandler } from 'h3'
import { registryResponse } from '../internal/registry-response'

export default defineEventHandler(() => registryResponse())
