export { runCli, withDefaultCommand } from './run-cli'
export { main } from './main'
export { CliError } from './cli-error'
export type { CliErrorCode } from './cli-error'
export { createAction, scaffoldOptions } from './create-action'
export type { CreateActionOptions, CreateActionResult, CreatedActionFile, ScaffoldChoices } from './create-action'
export { registerTemplateProvider, unregisterTemplateProvider } from './template-source'
export type { AddResult, PlannedFile } from './commands/add'
export type { ScannedRoute } from './scan-action-routes'
export type {
  InferredInput,
  InputField,
  InputShape,
  MiddlewareTemplateOptions,
  RouteMethod,
  RouteTemplateOptions,
  SchemaLibrary,
  SharedMiddleware,
  TemplateFile,
  TemplateSet,
} from '../../../templates/types'
