// Dev-only Nitro 3 endpoint (Nuxt 5): writes a new action through create-action's own library (templates, names, refusals).
import { options } from '#action-route/devtools-routes'
import { answerCreateAction } from '../internal/create-action-endpoint'

export default async (event: { req: Request }) => {
  const { status, body } = await answerCreateAction(options.rootDir, {
    declaredLength: event.req.headers.get('content-length'),
    readText: () => event.req.text(),
  })
  return Response.json(body, { status })
}
