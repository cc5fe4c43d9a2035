// Dev-only Nitro 3 endpoint (Nuxt 5): what the "New action" form offers, from create-action's own library.
import { options } from '#action-route/devtools-routes'
import { scaffoldChoices } from '../internal/create-action-endpoint'

export default () => scaffoldChoices(options.rootDir)
