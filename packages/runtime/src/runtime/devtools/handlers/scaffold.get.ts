// Dev-only (Nitro 2): what the "New action" form offers, from create-action's own library.
import { defineEventHandler } from 'h3'
import { options } from '#action-route/devtools-routes'
import { scaffoldChoices } from '../internal/create-action-endpoint'

export default defineEventHandler(() => scaffoldChoices(options.rootDir))
