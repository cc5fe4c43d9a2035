import { ref, shallowRef } from 'vue'
import type { CreateActionResponse, RequestRecord, ScaffoldOptions } from '../../shared/types'
import { createAction, fetchScaffold } from '../api'
import type { ActionDraft } from '../logic/action-draft'
import { actionDraftFromRecord, toCreateRequest } from '../logic/action-draft'
import { routes, waitForRoute } from './registry'
import { showRoute, view } from './view'

/**
 * What the form offers, from `GET /api/scaffold`; undefined until it answered.
 * @example
 * scaffoldOptions.value?.detected[0] // 'zod'
 */
export const scaffoldOptions = shallowRef<ScaffoldOptions>()
/** The form's values. */
export const draft = ref<ActionDraft>({ route: '', method: 'post', schema: '', middleware: [] })
/** The files the draft would write (a dry run), with the inferred input schema inside. */
export const preview = shallowRef<CreateActionResponse>()
/** Why the preview or the write was refused, in the server's words. */
export const formError = ref('')
/** Set when the route file exists: writing again needs the developer's explicit yes. */
export const conflict = ref<{ file: string, message: string }>()
/**
 * The file that answers the draft's route already, as the preview found it: the draft's own file (writing
 * would replace it, after a yes) or another file for the same route and method (refused: edit that one).
 * @example
 * existingFile.value // { file: '/app/server/api/todos/index.post.ts', message: 'server/api/todos/index.post.ts already exists…' }
 */
export const existingFile = ref<{ file: string, message: string }>()
/** Where writing stands: 'waiting' while Nitro restarts and the registry does not list the route yet. */
export const writeState = ref<'idle' | 'writing' | 'waiting' | 'done'>('idle')
/** The files the last write wrote. */
export const written = shallowRef<CreateActionResponse>()

/**
 * Loads the form's choices once.
 * @example
 * await loadScaffoldOptions()
 */
export async function loadScaffoldOptions(): Promise<ScaffoldOptions | undefined> {
  if (!scaffoldOptions.value) {
    try {
      scaffoldOptions.value = await fetchScaffold()
    }
    catch (error) {
      formError.value = `The form's choices could not be loaded: ${String(error)}`
    }
  }
  return scaffoldOptions.value
}

function defaultSchema(): string {
  return scaffoldOptions.value?.detected[0] ?? scaffoldOptions.value?.schemaLibraries[0] ?? ''
}

/**
 * Opens the "New action" form, blank or with the given values; the schema
 * library defaults to the one the app depends on.
 * @example
 * await startDraft({ route: 'todos/[id]', method: 'patch' })
 */
export async function startDraft(values: Partial<ActionDraft> = {}): Promise<void> {
  view.value = 'new'
  preview.value = undefined
  formError.value = ''
  conflict.value = undefined
  existingFile.value = undefined
  writeState.value = 'idle'
  written.value = undefined
  await loadScaffoldOptions()
  draft.value = { route: '', method: 'post', middleware: [], ...values, schema: values.schema || defaultSchema() }
}

/**
 * "Create action from this request": the form pre-filled with the record's
 * route, method and input as the example its schema is inferred from. A
 * request that reached an action pre-fills that action's own file, so the
 * preview says it exists rather than planning a second file for its route.
 * @example
 * await startDraftFromRecord(selectedRecord.value)
 */
export async function startDraftFromRecord(record: RequestRecord): Promise<void> {
  await loadScaffoldOptions()
  const existing = record.unmatched ? undefined : routes.value.find(route => route.id === record.routeId)
  await startDraft(actionDraftFromRecord(record, defaultSchema(), existing))
  await refreshPreview()
}

let previewCall = 0

/**
 * Renders the draft without writing (`dryRun: true`); a later call wins over an earlier one still under way.
 * @example
 * watch(draft, refreshPreview, { deep: true })
 */
export async function refreshPreview(): Promise<void> {
  const call = ++previewCall
  if (!draft.value.route.trim()) {
    preview.value = undefined
    existingFile.value = undefined
    return
  }
  try {
    const result = await createAction(toCreateRequest(draft.value, { dryRun: true }))
    if (call !== previewCall) return
    const file = result.outcome === 'exists' ? result.file : result.outcome === 'refused' ? result.file : undefined
    existingFile.value = file && result.outcome !== 'done' ? { file, message: result.message } : undefined
    formError.value = result.outcome === 'refused' && !file ? result.message : ''
    preview.value = result.outcome === 'done' ? result.response : undefined
  }
  catch (error) {
    if (call === previewCall) formError.value = String(error)
  }
}

/**
 * Writes the draft. An existing route file is not touched: `conflict` is set
 * and only a second call with `overwrite` (after the developer confirmed)
 * replaces it. Once written, waits for Nitro's restart and shows the new
 * route in the list.
 * @example
 * await writeDraft()
 * if (conflict.value && confirmed) await writeDraft({ overwrite: true })
 */
export async function writeDraft(options: { overwrite?: boolean } = {}): Promise<void> {
  formError.value = ''
  writeState.value = 'writing'
  try {
    const result = await createAction(toCreateRequest(draft.value, options.overwrite ? { overwrite: true } : {}))
    if (result.outcome === 'exists') {
      conflict.value = { file: result.file, message: result.message }
      writeState.value = 'idle'
      return
    }
    if (result.outcome === 'refused') {
      formError.value = result.message
      writeState.value = 'idle'
      return
    }
    conflict.value = undefined
    written.value = result.response
    writeState.value = 'waiting'
    if (await waitForRoute(result.response.routeId)) {
      writeState.value = 'done'
      showRoute(result.response.routeId)
    }
    else {
      writeState.value = 'done'
      formError.value = `Written, but ${result.response.routeId} is not listed yet: reload the routes once Nitro has restarted.`
    }
  }
  catch (error) {
    formError.value = String(error)
    writeState.value = 'idle'
  }
}

/**
 * Drops the pending overwrite question.
 * @example
 * cancelOverwrite()
 */
export function cancelOverwrite(): void {
  conflict.value = undefined
}
