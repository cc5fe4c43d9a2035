// Dev-only: the registry of every route file, actions described in full.
import { defineEventHandler } from 'h3'
import type { RegistryResponse } from '@action-route/devtools/types'
import { options, routes } from '#action-route/devtools-routes'
import { DEFAULT_REDACTED_FIELDS } from '../internal/redact-fields'
import { ALWAYS_REDACTED } from '../internal/redact-headers'
import { describeRoutes } from '../registry'
import { recorder } from '../recorder-instance'

export default defineEventHandler(async (): Promise<RegistryResponse> => ({
  rootDir: options.rootDir,
  routes: await describeRoutes(routes),
  recorder: {
    maxRecords: recorder.options.maxRecords,
    redactedHeaders: [...ALWAYS_REDACTED, ...recorder.options.redactHeaders],
    redactedFields: [...DEFAULT_REDACTED_FIELDS, ...recorder.options.redactFields],
  },
}))
