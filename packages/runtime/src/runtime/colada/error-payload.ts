import { definePayloadPlugin, definePayloadReducer, definePayloadReviver } from '#imports'
import type { ActionErrorData } from '../server/types'
import { ActionQueryError } from '../app/query-libraries/action-query-error'

/**
 * Carries an `ActionQueryError` through the SSR payload: Pinia Colada's
 * Nuxt module puts a query's error there, and Nuxt's serializer refuses a
 * class instance. The browser gets the same class back, so a query that
 * failed during SSR shows its typed error without refetching. The module
 * adds it to apps with `@pinia/colada-nuxt`.
 * @example
 * // nuxt.config: modules: ['@action-route/runtime', '@pinia/nuxt', '@pinia/colada-nuxt']
 */
export default definePayloadPlugin(() => {
  definePayloadReducer('ActionQueryError', (value: unknown) => value instanceof ActionQueryError && value.data)
  definePayloadReviver('ActionQueryError', (data: ActionErrorData) => new ActionQueryError(data))
})
