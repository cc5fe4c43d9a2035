// Dev-only Nitro 3 endpoint (Nuxt 5): pushes each new record to the panel as a server-sent event.
import { recordEventStream } from '../internal/record-event-stream'

export default (event: { req: Request }) => recordEventStream(event.req.headers.get('last-event-id'))
