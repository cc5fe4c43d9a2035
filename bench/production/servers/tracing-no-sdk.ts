// Child-process entry: the module's tracing plugin on, in an app that registered no OpenTelemetry SDK (the
// API's no-op spans).
import traceActions from '../../../packages/runtime/src/runtime/server/plugins/tracing'
import { serveTodoAction } from '../fixture'

traceActions()
serveTodoAction()
