// Dev-only: the registry of every route file, actions described in full.
import { defineEventHandler } from 'h3'
import type { RegistryResponse } from '@action-route/devtools/types'
import { options, routes } from '#action-route/devtools-routes'
import { describeRoutes } from '../registry'
import { recorder } from '../recorder-instance'

export default defineEventHandler(async (): Promise<RegistryResponse> => ({
  rootDir: options.rootDir,
  routes: await describeRoutes(routes),
  recorder: { maxRecords: recorder.options.maxRecords, redactedHeaders: ['authorization', 'cookie', 'set-cookie', 'proxy-authorization', ...recorder.options.redactHeaders] },
}))
