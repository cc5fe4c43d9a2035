// The envelope's shapes, in a leaf file: the public types (types.ts) and the errors (errors/) both import them.

/** Field path (dot notation, `_root` for the whole value) to its messages. */
export type FieldErrors = Record<string, string[]>

/** The error object carried by a failure envelope: only these four fields ever reach a client. */
export interface ActionErrorData<TCode extends string = string> {
  code: TCode
  message: string
  statusCode: number
  fieldErrors?: FieldErrors
}

/**
 * The envelope every action answers with; `TError` narrows the failure's
 * error (the client's route map gives it the action's declared codes).
 * @example
 * const result: ActionResult<{ id: number }> = { success: true, data: { id: 1 } }
 */
export type ActionResult<TData, TError extends ActionErrorData = ActionErrorData>
  = | { success: true, data: TData }
    | { success: false, error: TError }
