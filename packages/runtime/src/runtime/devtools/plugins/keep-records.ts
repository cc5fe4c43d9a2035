// Dev-only Nitro plugin, for Nitro 2 and 3 alike (it imports no h3): writes the records still waiting
// when Nitro closes, which in `nuxi dev` means a restart (a route file added or removed), so the next
// Nitro starts with them. Added by the module only when nuxt.options.dev.
import { recordFile } from '../recorder-instance'

/** The part of the Nitro app this plugin uses. */
interface NitroAppLike {
  hooks: { hook(name: 'close', run: () => void): void }
}

export default function keepRecordsAcrossRestarts(nitroApp: NitroAppLike) {
  nitroApp.hooks.hook('close', () => recordFile.flush())
}
