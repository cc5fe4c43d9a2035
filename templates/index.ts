import type { TemplateSet } from './types'
import { renderRouteTemplate } from './route'
import { renderMiddlewareTemplate } from './middleware'

export type * from './types'
export { renderRouteTemplate } from './route'
export { renderMiddlewareTemplate } from './middleware'

/** The templates bundled into the CLI, used unless `--template` names another set. */
export const bundledTemplates: TemplateSet = {
  route: renderRouteTemplate,
  middleware: renderMiddlewareTemplate,
}
