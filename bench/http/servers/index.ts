import type { Router } from 'h3'
import { createFloorRouter, createInlineFloorRouter } from './floor'
import { createDefineActionRouter } from './define-action'
import { createH3ValidatedRouter } from './h3-validated'
import { createNuxtActionsRouter } from './nuxt-actions'

/** A server under load: its name in the tables and the router it serves. */
export interface ServerSubject {
  name: string
  label: string
  createRouter: () => Router
}

/** Every server the HTTP part loads, the floor first. */
export const serverSubjects: ServerSubject[] = [
  { name: 'floor', label: 'hand-written h3 (floor)', createRouter: createFloorRouter },
  { name: 'floor-inline', label: 'hand-written h3, middleware work inline', createRouter: createInlineFloorRouter },
  { name: 'define-action', label: 'defineAction', createRouter: () => createDefineActionRouter() },
  { name: 'h3-validated', label: 'h3 readValidatedBody / getValidatedQuery', createRouter: createH3ValidatedRouter },
  { name: 'nuxt-actions', label: 'nuxt-actions 1.1.2 (peer)', createRouter: createNuxtActionsRouter },
  // the floor's own code in a process of its own: how far from 1.00x the method puts identical work
  { name: 'floor-again', label: 'the floor again, second process (A/A control)', createRouter: createFloorRouter },
]
