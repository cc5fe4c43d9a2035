// Dev-only Nitro 3 endpoint (Nuxt 5): the recorded requests (GET), or forget them (DELETE).
import { recorder } from '../recorder-instance'

export default (event: { req: Request }) => {
  if (event.req.method !== 'DELETE') return recorder.list()
  recorder.clear()
  return new Response(null, { status: 204 })
}
