import type { RegistryResponse, RequestRecord, StreamMessage } from '../shared/types'

// the panel is served at <base>/client/, the endpoints at <base>/api/
const apiBase = new URL('../api/', window.location.href)

/** The registry: every route, actions described in full. */
export async function fetchRegistry(): Promise<RegistryResponse> {
  const response = await fetch(new URL('routes', apiBase))
  if (!response.ok) throw new Error(`GET routes answered ${response.status}`)
  return response.json() as Promise<RegistryResponse>
}

/** The records the server still holds, oldest first. */
export async function fetchRecords(): Promise<RequestRecord[]> {
  const response = await fetch(new URL('records', apiBase))
  if (!response.ok) throw new Error(`GET records answered ${response.status}`)
  return response.json() as Promise<RequestRecord[]>
}

/** Forgets every record, on the server and in every open panel. */
export async function clearRecords(): Promise<void> {
  await fetch(new URL('records', apiBase), { method: 'DELETE' })
}

/** Listens to the live stream; EventSource reconnects by itself. Returns a function that stops listening. */
export function subscribeToRecords(onMessage: (message: StreamMessage) => void, onStatus: (connected: boolean) => void): () => void {
  const source = new EventSource(new URL('stream', apiBase))
  const handle = (event: MessageEvent<string>) => onMessage(JSON.parse(event.data) as StreamMessage)
  source.addEventListener('record', handle)
  source.addEventListener('clear', handle)
  source.addEventListener('open', () => onStatus(true))
  source.addEventListener('error', () => onStatus(false))
  return () => source.close()
}
