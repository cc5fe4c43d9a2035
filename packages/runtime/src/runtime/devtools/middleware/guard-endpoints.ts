// Dev-only Nitro middleware: every path under /__action-route/ answers the developer only. Added by the module only when nuxt.options.dev.
import { options } from '#action-route/devtools-routes'
import { createDevtoolsGuard } from '../internal/create-devtools-guard'

export default createDevtoolsGuard({ base: options.base, tokenFile: options.tokenFile, trustedTokensFile: options.trustedTokensFile, requireToken: options.requireToken, appBase: options.appBase })
