// Dev-only Nitro 3 endpoint (Nuxt 5): writes a new action through create-action's own library (templates, names, refusals).
import { options } from '#action-route/devtools-routes'
import { answerCreateAction } from '../internal/create-action-endpoint'
import { drainWhenCancelled } from '../internal/drain-when-cancelled'

export default async (event: { req: Request }) => {
  const { status, body } = await answerCreateAction(options.rootDir, {
    declaredLength: event.req.headers.get('content-length'),
    // Nuxt 5's dev proxy answers only once the upload has ended: a refused body is read to its end, and none of it kept
    body: drainWhenCancelled(event.req.body),
  })
  return Response.json(body, { status })
}
