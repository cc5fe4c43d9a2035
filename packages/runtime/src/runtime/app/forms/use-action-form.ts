import { computed, nextTick, ref, shallowRef, toRaw } from 'vue'
import type { ComputedRef, ShallowRef } from 'vue'
import { withQuery } from 'ufo'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { setResponseStatus, useNuxtApp, useRequestEvent, useRequestURL } from '#imports'
import type { ActionErrorData, ActionResult } from '../../server/types'
import type { ActionCallError, ActionInput, ActionMethod, ActionOutput, ActionParams, ActionPath, DefaultMethod } from '../route-map'
import type { ActionState } from '../call/action-state'
import type { FieldPath, FormFieldAttrs, FormFieldErrors, FormOptionAttrs } from './form-paths'
import type { FormPostState } from './form-post'
import { FORM_CONTEXT_KEY, FORM_QUERY, formId } from './form-post'
import type { FieldOptions, FieldSource } from './internal/form-fields'
import { fieldAttrs, fieldValues, optionAttrs } from './internal/form-fields'
import { createFormSubmitKey } from './internal/form-submit-key'
import { formToInput } from './form-input'
import { validateForm } from './internal/form-validate'
import { formSnapshot } from './internal/form-dom'
import { fillParams } from '../internal/fill-params'
import type { JsonMethod, JsonRoute, UseActionOptions } from '../call/use-action'
import { useAction } from '../call/use-action'
import defaultMethods from '#build/action-route-methods.mjs'

/** The routes a form can post to: those with a method that has a body. */
export type FormActionPath = { [K in ActionPath]: [FormMethod<K>] extends [never] ? never : K }[ActionPath]

/** The methods of a route a form can post with: those with a body that answer JSON (a streaming one is `useActionStream`'s). */
export type FormMethod<P extends ActionPath> = Exclude<JsonMethod<P>, 'GET' | 'HEAD'>

type DeepPartial<T> = T extends Blob | Date ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T

/** Options of `useActionForm`. */
export interface UseActionFormOptions<P extends ActionPath, M extends ActionMethod<P>>
  extends Pick<UseActionOptions<P, M>, 'method' | 'headers' | 'timeout' | 'retry' | 'retryDelay' | 'refreshes' | 'optimistic' | 'singleFlight'> {
  /** Route params of the action; read once, when the form is set up. */
  params?: ActionParams<P>
  /** What the fields show at first and go back to after a success. */
  initial?: DeepPartial<ActionInput<P, M>>
  /**
   * The action's input schema (or another Standard Schema of the same
   * input), run in the browser before anything is sent; a failure shows as
   * field errors and sends nothing. Opt-in: it ships the schema to the client.
   */
  validate?: StandardSchemaV1<ActionInput<P, M>>
  /** Tells apart several forms of one action on a page. */
  key?: string
  /**
   * Fields whose posted text is never shown again when a post without
   * JavaScript comes back with errors: a name hides itself and every field
   * below it (`'payment'` hides `payment.iban`). Secret-looking names
   * (`password`, `card_number`, `cvc`, `token`...) are never shown again
   * anyway, and only fields bound with `field()` are.
   */
  hideFields?: readonly FieldPath<ActionInput<P, M>>[]
  onSuccess?: (data: ActionOutput<P, M>) => void
  /** After a failed call made with JavaScript; the error is typed by the route's declared errors. */
  onError?: (error: ActionCallError<P, M>) => void
}

/** What `v-bind` puts on the `<form>`: a real post to the page itself, enhanced once the page is interactive. */
export interface ActionFormAttrs {
  method: 'post'
  action: string
  enctype: 'multipart/form-data'
  onSubmit: (event: Event) => void
  onInput: (event: Event) => void
  onChange: (event: Event) => void
  ref: (element: unknown) => void
}

/** What `useActionForm` returns; `TError` is the action's error, typed by its declared errors. */
export interface ActionForm<TInput, TData, TError extends ActionErrorData = ActionErrorData>
  extends Pick<ActionState<TInput, TData, never, TError>, 'data' | 'error' | 'status' | 'pending' | 'abort'> {
  /** Bind on the `<form>`: `<form v-bind="attrs">`. */
  attrs: ComputedRef<ActionFormAttrs>
  /**
   * Bind on a control: `<input v-bind="field('address.city')">`, a
   * `<textarea>` or `<select>` alike; a checkbox or radio names its own value,
   * `field('arrival', { value: 'friday' })`, and a `<select multiple>` says so,
   * `field('tags', { multiple: true })`. What a field holds is kept across
   * renders and shown again after a post without JavaScript; `{ restore: false }`
   * leaves it alone (passwords).
   */
  field: <N extends FieldPath<TInput>>(name: N, options?: FieldOptions) => FormFieldAttrs<N>
  /**
   * Bind on each `<option>` of a select bound with `field(name)`:
   * `<option v-bind="option('meal', 'veggie')">`. It is `selected` when the
   * field holds its value, which a page rendered on the server needs (a
   * browser ignores a `<select>`'s own `value`).
   */
  option: <N extends FieldPath<TInput>>(name: N, value: string) => FormOptionAttrs
  /** The errors of each field by its name (`address.city`, `items.1.name`), `_root` for the whole input. */
  fieldErrors: ComputedRef<FormFieldErrors<TInput>>
  /** Whether a field differs from what the form last started from. */
  dirty: Readonly<ShallowRef<boolean>>
  /**
   * Sends the form (the bound one by default), as a submit does. A submit
   * while one runs joins it: it is answered with that one's result.
   */
  submit: (form?: HTMLFormElement) => Promise<ActionResult<TData, TError>>
  /** Back to idle with the initial values. */
  reset: () => void
}

/**
 * A form for an action that works before and without JavaScript. Its
 * `<form>` posts to the page itself; the module's server handler runs the
 * action in-process and the page renders again with the field errors (the
 * error's status, 422 for validation) or, after a success, answers 303 back
 * to the page, which renders the success. Once the page is interactive the
 * same form sends its fields to the action with `useAction`, validating
 * them first when `validate` is given, and refreshing the queries named by
 * `refreshes` and `optimistic` as `useAction` does. Field names are the
 * input's dot paths (`address.city`, `tags.0`, `items.1.name`); values are
 * sent as strings (an empty field as `''`, as a browser posts it), so the
 * schema coerces numbers and booleans, as for a query. Each logical submit
 * carries one `Idempotency-Key` (in the form's query without JavaScript),
 * the same when it is sent again after no answer, so an `idempotent()`
 * route runs it once.
 * @example
 * const { attrs, field, fieldErrors, pending } = useActionForm('/api/todos', { refreshes: ['/api/todos'] })
 * // <form v-bind="attrs"><input v-bind="field('title')"><p>{{ fieldErrors.title?.[0] }}</p></form>
 */
export function useActionForm<P extends FormActionPath, M extends FormMethod<P> = DefaultMethod<P> & FormMethod<P>>(
  path: P,
  options: UseActionFormOptions<P, M> = {},
): ActionForm<ActionInput<P, M>, ActionOutput<P, M>, ActionCallError<P, M>> {
  type Data = ActionOutput<P, M>
  type Failure = ActionCallError<P, M>
  const method = String(options.method ?? (Object.hasOwn(defaultMethods, path) ? defaultMethods[path] : 'POST')).toUpperCase()
  const url = fillParams(path, options.params)
  const id = formId(method, url, options.key)
  // FormMethod leaves out streaming methods, which JsonRoute turns away
  const action = useAction(path as JsonRoute<P, M>, {
    method: options.method,
    params: options.params,
    headers: options.headers,
    timeout: options.timeout,
    retry: options.retry,
    retryDelay: options.retryDelay,
    refreshes: options.refreshes,
    optimistic: options.optimistic,
    singleFlight: options.singleFlight,
    onSuccess: options.onSuccess,
    onError: options.onError,
  })

  // the answer to a post made without JavaScript, handed over by the server, and to the browser in the payload
  const { payload } = useNuxtApp()
  const stateKey = `action-route-form:${id}`
  const hiddenFields: readonly string[] = options.hideFields ?? []
  const hidden = (name: string) => hiddenFields.some(field => name === field || name.startsWith(`${field}.`))
  // on the server: the posted text less hidden fields; the payload carries only what `field()` shows of it
  let postedValues: Record<string, string[]> | undefined
  if (import.meta.server) {
    const event = useRequestEvent()
    const state = event?.context[FORM_CONTEXT_KEY] as FormPostState | undefined
    if (state?.form === id) {
      postedValues = Object.fromEntries(Object.entries(state.values).filter(([name]) => !hidden(name)))
      payload.state[stateKey] = { ...state, values: {} } satisfies FormPostState
      // set by the page's render too: Nuxt 5 renders with an event of its own, whose status the middleware cannot set
      if (event && !state.result.success) setResponseStatus(event, state.result.error.statusCode || 500)
    }
  }
  // the raw answer, not the payload's reactive proxy: a proxy answers Vue's own `hasOwnProperty` for data that has one
  const posted = toRaw(payload.state[stateKey]) as FormPostState | undefined
  if (posted) {
    const { result } = posted
    if (result.success) action.data.value = result.data as Data
    else action.error.value = result.error as Failure
    action.status.value = result.success ? 'success' : 'error'
    // shown once: a later mount of the same form starts clean
    if (import.meta.client) payload.state[stateKey] = undefined
  }

  // what fields hold, by name (null prototype: a field named `toString` is a name like any other): bound back so a
  // re-render never wipes what was typed or chosen; `posted` until the form starts over
  const values = ref(fieldValues(import.meta.server ? postedValues : posted?.values))
  // after a failed post (a success starts the form over, from `initial`)
  let fromPost = posted?.result.success === false
  const dirty = shallowRef(false)
  let element: HTMLFormElement | undefined
  let clean = ''
  const page = import.meta.server ? useRequestURL() : location
  const fieldErrors = computed(() => Object.assign(Object.create(null), action.error.value?.fieldErrors) as FormFieldErrors<ActionInput<P, M>>)
  const source = (): FieldSource => ({
    values: values.value,
    posted: fromPost,
    initial: options.initial,
    hidden,
    // the server's payload carries what the fields show of the post, nothing else of it
    shown: import.meta.server && posted ? (name, shown) => posted.values[name] = shown : undefined,
  })

  // one Idempotency-Key per logical submit: the server's render hands its key to the page, which posts it without JavaScript
  const keyStateKey = `action-route-form-key:${id}`
  const submitKey = createFormSubmitKey(payload.state[keyStateKey] as string | undefined)
  if (import.meta.server) payload.state[keyStateKey] = submitKey.current.value
  else payload.state[keyStateKey] = undefined
  // checkboxes, radios and options a field binds: put back as the render shows them once the form is reset
  const choices = new Set<string>()

  // back to the markup's values (files, controls the form does not bind), then to `initial` as the render binds them again
  function startOver(form: HTMLFormElement | undefined) {
    if (!form) return
    values.value = fieldValues()
    fromPost = false
    form.reset()
    dirty.value = false
    void nextTick(() => {
      // `form.reset()` puts back the markup's state (none for a control Vue rendered in the browser), which Vue does not see
      const initial = source()
      for (const control of Array.from(form.elements) as HTMLInputElement[]) {
        if (!choices.has(control.name)) continue
        if (control.type === 'checkbox' || control.type === 'radio') control.checked = fieldAttrs(initial, {}, control.name, { value: control.value }).checked!
        if (control.type.startsWith('select')) for (const item of Array.from((control as unknown as HTMLSelectElement).options)) item.selected = optionAttrs(initial, control.name, item.value).selected
      }
      clean = formSnapshot(form)
    })
  }

  let running: Promise<ActionResult<Data, Failure>> | undefined
  async function send(form: HTMLFormElement): Promise<ActionResult<Data, Failure>> {
    const input = formToInput(new FormData(form))
    const fieldErrors = options.validate && await validateForm(options.validate, input)
    if (fieldErrors) {
      const error = { code: 'VALIDATION_ERROR', message: 'Input validation failed', statusCode: 422, fieldErrors } as Failure
      action.error.value = error
      action.status.value = 'error'
      options.onError?.(error)
      return { success: false, error }
    }
    // params were given to useAction, so the call's options need none
    const execute = action.execute as (input: ActionInput<P, M>, call: { idempotencyKey: string }) => Promise<ActionResult<Data, Failure>>
    const result = await execute(input as ActionInput<P, M>, { idempotencyKey: submitKey.forSubmit(formSnapshot(form)) })
    submitKey.settled(result)
    if (result.success) startOver(form)
    return result
  }
  function submit(form = element): Promise<ActionResult<Data, Failure>> {
    if (!form) throw new TypeError('useActionForm: no form to submit')
    // a second submit while one runs (a double click) joins it
    running ??= send(form).finally(() => running = undefined)
    return running
  }

  const track = (event: Event) => {
    element = event.currentTarget as HTMLFormElement
    const control = event.target as HTMLInputElement
    // every text the name sends: a radio's checked value, a multiple select's choices, none for an unchecked box
    if (control.name && control.type !== 'file') {
      values.value[control.name] = new FormData(element).getAll(control.name).filter(value => typeof value === 'string')
    }
    dirty.value = formSnapshot(element) !== clean
  }
  const attrs = computed<ActionFormAttrs>(() => ({
    method: 'post',
    action: withQuery(page.pathname + page.search, {
      [FORM_QUERY.action]: url,
      [FORM_QUERY.method]: method === 'POST' ? undefined : method,
      [FORM_QUERY.key]: options.key,
      [FORM_QUERY.idempotency]: submitKey.current.value,
    }),
    enctype: 'multipart/form-data',
    onSubmit(event) {
      event.preventDefault()
      void submit(event.currentTarget as HTMLFormElement)
    },
    onInput: track,
    onChange: track,
    ref(value) {
      element = (value ?? undefined) as HTMLFormElement | undefined
      if (element) clean = formSnapshot(element)
    },
  }))

  return {
    // data, error, status, pending and abort are useAction's
    ...action,
    attrs,
    field(name, fieldOptions) {
      if (fieldOptions?.value !== undefined || fieldOptions?.multiple) choices.add(name)
      return fieldAttrs(source(), fieldErrors.value as Record<string, string[] | undefined>, name, fieldOptions)
    },
    option(name, value) {
      choices.add(name)
      return optionAttrs(source(), name, value)
    },
    fieldErrors,
    dirty,
    submit,
    reset() {
      action.reset()
      startOver(element)
    },
  }
}
