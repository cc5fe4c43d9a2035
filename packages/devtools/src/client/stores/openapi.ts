import type { RouteInfo } from '../../shared/types'
import { fetchOpenApiDocument } from '../api'
import { openApiOfRoute } from '../logic/openapi-of-route'
import { saveText } from '../logic/save-text'

/**
 * Shows the OpenAPI document of the running app (or of one route) in a new
 * tab. The endpoint needs the dev token, which a plain link cannot send, so the
 * panel fetches it and opens what it got; a blocked tab becomes a download.
 * @example
 * await showOpenApi(selectedRoute.value)
 */
export async function showOpenApi(route?: Pick<RouteInfo, 'route' | 'method'>): Promise<void> {
  const document = await fetchOpenApiDocument()
  const text = JSON.stringify(route ? openApiOfRoute(document, route) : document, null, 2)
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  if (!window.open(url, '_blank')) saveText(text, 'openapi.json', 'application/json')
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
