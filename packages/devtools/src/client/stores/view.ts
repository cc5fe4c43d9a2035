import { computed, ref } from 'vue'
import { records } from './records'
import { routes } from './registry'

/** The panel's pages. */
export type PanelView = 'actions' | 'log' | 'new'

/**
 * The page on show.
 * @example
 * view.value = 'log'
 */
export const view = ref<PanelView>('actions')
/** The route on show in the Routes page. */
export const selectedRouteId = ref<string>()
/** The record on show in the Requests page. */
export const selectedRecordId = ref<number>()
/** A route id the log is narrowed to; empty for every request. */
export const routeFilter = ref('')

/**
 * The route on show, once the registry lists it.
 * @example
 * selectedRoute.value?.file
 */
export const selectedRoute = computed(() => routes.value.find(route => route.id === selectedRouteId.value))

/**
 * The record on show, while the log still holds it.
 * @example
 * selectedRecord.value?.status
 */
export const selectedRecord = computed(() => records.value.find(record => record.id === selectedRecordId.value))

/**
 * Shows the log narrowed to one route.
 * @example
 * showLog('POST /api/todos')
 */
export function showLog(routeId: string): void {
  routeFilter.value = routeId
  view.value = 'log'
}

/**
 * Shows one route in the Routes page.
 * @example
 * showRoute('PATCH /api/todos/:id')
 */
export function showRoute(routeId: string): void {
  selectedRouteId.value = routeId
  view.value = 'actions'
}

/**
 * Picks the first action when nothing is selected yet (the first open, or the route went away).
 * @example
 * selectFirstAction()
 */
export function selectFirstAction(): void {
  if (!selectedRoute.value) selectedRouteId.value = routes.value.find(route => route.isAction)?.id
}
