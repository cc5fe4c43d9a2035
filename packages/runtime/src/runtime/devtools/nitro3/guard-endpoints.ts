// Dev-only Nitro 3 middleware (Nuxt 5): every path under /__action-route/ answers the developer only.
// A plain h3 v2 handler on web standards: it imports no h3, so Nuxt 5 runs it natively.
import { options } from '#action-route/devtools-routes'
import { refuseUnlessDeveloper } from '../internal/devtools-guard'

export default (event: { req: Request, url: URL }) => refuseUnlessDeveloper(event.url.pathname, event.req.headers, options)
