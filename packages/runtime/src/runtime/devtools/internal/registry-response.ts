import type { RegistryResponse } from '@action-route/devtools/types'
import { options, routes } from '#action-route/devtools-routes'
import { describeRoutes } from '../registry'
import { recorder } from '../recorder-instance'
import { DEFAULT_REDACTED_FIELDS } from './redact-fields'
import { ALWAYS_REDACTED } from './redact-headers'

/**
 * What `GET /__action-route/api/routes` answers on either h3 major: every route file,
 * actions described in full, and what the recorder keeps and redacts.
 * @example
 * export default defineEventHandler(() => registryResponse())
 */
export async function registryResponse(): Promise<RegistryResponse> {
  return {
    rootDir: options.rootDir,
    routes: await describeRoutes(routes),
    recorder: {
      maxRecords: recorder.options.maxRecords,
      redactedHeaders: [...ALWAYS_REDACTED, ...recorder.options.redactHeaders],
      redactedFields: [...DEFAULT_REDACTED_FIELDS, ...recorder.options.redactFields],
    },
  }
}
