import { computed, nextTick, ref, shallowRef } from 'vue'
import type { ComputedRef, ShallowRef } from 'vue'
import { withQuery } from 'ufo'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { setResponseStatus, useNuxtApp, useRequestEvent, useRequestURL } from '#imports'
import type { ActionErrorData, ActionResult } from '../server/types'
import type { ActionCallError, ActionInput, ActionMethod, ActionOutput, ActionParams, ActionPath, DefaultMethod } from './route-map'
import type { ActionState } from './internal/action-state'
import type { FieldPath, FormFieldAttrs, FormFieldErrors } from './internal/form-paths'
import type { FormPostState } from './internal/form-post'
import { FORM_CONTEXT_KEY, FORM_QUERY, formId } from './internal/form-post'
import { formToInput } from './internal/form-input'
import { validateForm } from './internal/form-validate'
import { formSnapshot } from './internal/form-dom'
import { fillParams } from './internal/fill-params'
import type { JsonMethod, JsonRoute, UseActionOptions } from './use-action'
import { useAction } from './use-action'
import defaultMethods from '#build/action-route-methods.mjs'

/** The routes a form can post to: those with a method that has a body. */
export type FormActionPath = { [K in ActionPath]: [FormMethod<K>] extends [never] ? never : K }[ActionPath]

/** The methods of a route a form can post with: those with a body that answer JSON (a streaming one is `useActionStream`'s). */
export type FormMethod<P extends ActionPath> = Exclude<JsonMethod<P>, 'GET' | 'HEAD'>

type DeepPartial<T> = T extends Blob | Date ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T

/** Options of `useActionForm`. */
export interface UseActionFormOptions<P extends ActionPath, M extends ActionMethod<P>>
  extends Pick<UseActionOptions<P, M>, 'method' | 'headers' | 'timeout' | 'refreshes' | 'optimistic' | 'singleFlight'> {
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
  onError?: (error: ActionErrorData) => void
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

/** What `useActionForm` returns. */
export interface ActionForm<TInput, TData> extends Pick<ActionState<TInput, TData>, 'data' | 'error' | 'status' | 'pending' | 'abort'> {
  /** Bind on the `<form>`: `<form v-bind="attrs">`. */
  attrs: ComputedRef<ActionFormAttrs>
  /**
   * Bind on a control: `<input v-bind="field('address.city')">`. A text
   * field's value is kept across renders and shown again after a post
   * without JavaScript; `{ restore: false }` leaves it alone (passwords).
   */
  field: <N extends FieldPath<TInput>>(name: N, options?: { restore?: boolean }) => FormFieldAttrs<N>
  /** The errors of each field by its name (`address.city`, `items.1.name`), `_root` for the whole input. */
  fieldErrors: ComputedRef<FormFieldErrors<TInput>>
  /** Whether a field differs from what the form last started from. */
  dirty: Readonly<ShallowRef<boolean>>
  /** Sends the form (the bound one by default), as a submit does. */
  submit: (form?: HTMLFormElement) => Promise<ActionResult<TData>>
  /** Back to idle with the initial values. */
  reset: () => void
}

function valueAt(source: unknown, path: string): string | undefined {
  let node = source
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key]
  return node === null || typeof node === 'object' ? undefined : node?.toString()
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
 * schema coerces numbers and booleans, as for a query.
 * @example
 * const { attrs, field, fieldErrors, pending } = useActionForm('/api/todos', { refreshes: ['/api/todos'] })
 * // <form v-bind="attrs"><input v-bind="field('title')"><p>{{ fieldErrors.title?.[0] }}</p></form>
 */
export function useActionForm<P extends FormActionPath, M extends FormMethod<P> = DefaultMethod<P> & FormMethod<P>>(
  path: P,
  options: UseActionFormOptions<P, M> = {},
): ActionForm<ActionInput<P, M>, ActionOutput<P, M>> {
  type Data = ActionOutput<P, M>
  const method = String(options.method ?? (Object.hasOwn(defaultMethods, path) ? defaultMethods[path] : 'POST')).toUpperCase()
  const url = fillParams(path, options.params)
  const id = formId(method, url, options.key)
  // FormMethod leaves out streaming methods, which JsonRoute turns away
  const action = useAction(path as JsonRoute<P, M>, {
    method: options.method,
    params: options.params,
    headers: options.headers,
    timeout: options.timeout,
    refreshes: options.refreshes,
    optimistic: options.optimistic,
    singleFlight: options.singleFlight,
    onSuccess: options.onSuccess,
    onError: options.onError,
  })

  // the answer to a post made without JavaScript, handed over by the server, and to the browser in the payload
  const { payload } = useNuxtApp()
  const stateKey = `action-route-form:${id}`
  // on the server: the posted text less hidden fields; the payload carries only what `field()` shows of it
  let postedValues: Record<string, string> | undefined
  if (import.meta.server) {
    const event = useRequestEvent()
    const state = event?.context[FORM_CONTEXT_KEY] as FormPostState | undefined
    if (state?.form === id) {
      const hidden: readonly string[] = options.hideFields ?? []
      postedValues = Object.fromEntries(Object.entries(state.values).filter(([name]) => !hidden.some(field => name === field || name.startsWith(`${field}.`))))
      payload.state[stateKey] = { ...state, values: {} } satisfies FormPostState
      // set by the page's render too: Nuxt 5 renders with an event of its own, whose status the middleware cannot set
      if (event && !state.result.success) setResponseStatus(event, state.result.error.statusCode || 500)
    }
  }
  const posted = payload.state[stateKey] as FormPostState | undefined
  if (posted) {
    const { result } = posted
    if (result.success) action.data.value = result.data as Data
    else action.error.value = result.error as ActionCallError<P, M>
    action.status.value = result.success ? 'success' : 'error'
    // shown once: a later mount of the same form starts clean
    if (import.meta.client) payload.state[stateKey] = undefined
  }

  // what text fields hold, by name: bound back as `value` so a re-render never wipes what was typed
  const values = ref<Record<string, string>>({ ...import.meta.server ? postedValues : posted?.values })
  const dirty = shallowRef(false)
  let element: HTMLFormElement | undefined
  let clean = ''
  const page = import.meta.server ? useRequestURL() : location
  const initialOf = (name: string) => valueAt(options.initial, name)
  const fieldErrors = computed(() => (action.error.value?.fieldErrors ?? {}) as FormFieldErrors<ActionInput<P, M>>)

  // back to the markup's values (checkboxes, files), then to `initial` as the render binds them again
  function startOver(form: HTMLFormElement | undefined) {
    if (!form) return
    values.value = {}
    form.reset()
    dirty.value = false
    void nextTick(() => clean = formSnapshot(form))
  }

  async function submit(form = element): Promise<ActionResult<Data>> {
    if (!form) throw new TypeError('useActionForm: no form to submit')
    const input = formToInput(new FormData(form))
    const fieldErrors = options.validate && await validateForm(options.validate, input)
    if (fieldErrors) {
      const error: ActionErrorData = { code: 'VALIDATION_ERROR', message: 'Input validation failed', statusCode: 422, fieldErrors }
      action.error.value = error as ActionCallError<P, M>
      action.status.value = 'error'
      options.onError?.(error)
      return { success: false, error }
    }
    const result = await action.execute(input as ActionInput<P, M>)
    if (result.success) startOver(form)
    return result
  }

  const track = (event: Event) => {
    element = event.currentTarget as HTMLFormElement
    const control = event.target as HTMLInputElement
    if (control.name && !/^(?:checkbox|radio|file|select-multiple)$/.test(control.type)) values.value[control.name] = control.value
    dirty.value = formSnapshot(element) !== clean
  }
  const attrs = computed<ActionFormAttrs>(() => ({
    method: 'post',
    action: withQuery(page.pathname + page.search, {
      [FORM_QUERY.action]: url,
      [FORM_QUERY.method]: method === 'POST' ? undefined : method,
      [FORM_QUERY.key]: options.key,
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
      const attrs: FormFieldAttrs<typeof name> = {
        'name': name,
        'aria-invalid': (fieldErrors.value as Record<string, string[] | undefined>)[name] ? 'true' : undefined,
      }
      // no `value` key at all when there is none: Vue would otherwise empty the control (a checkbox's value too)
      const value = fieldOptions?.restore === false ? undefined : values.value[name] ?? initialOf(name)
      if (value !== undefined) attrs.value = value
      if (import.meta.server && posted && value !== undefined && value === postedValues?.[name]) posted.values[name] = value
      return attrs
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
