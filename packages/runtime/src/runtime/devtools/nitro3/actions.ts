// Dev-only Nitro 3 endpoint (Nuxt 5): writes a new action through create-action's own library (templates, names, refusals).
import { options } from '#action-route/devtools-routes'
import { answerCreateAction } from '../internal/create-action-endpoint'

export default async (event: { req: Request }) => {
  const { status, body } = await answerCreateAction(options.rootDir, {
    declaredLength: event.req.headers.get('content-length'),
    body: event.req.body,
  })
  // a body refused unread: closing the connection is the only way not to read the rest
  return Response.json(body, { status, ...(status === 413 && { headers: { connection: 'close' } }) })
}
