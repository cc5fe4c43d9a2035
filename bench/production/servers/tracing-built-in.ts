// Child-process entry: the plain action, bundled with the lifecycle's trace calls kept (index.ts sets
// `import.meta.actionRouteTracing`) and no tracer set: tracing's code present, unused.
import { serveTodoAction } from '../fixture'

serveTodoAction()
