// Nitro 3 plugin (Nuxt 5): an in-process request (an action a page calls during SSR) is a Request with no `ip`; its
// caller names the address of the request it acts for in `x-action-route-caller` (internal/caller-address.ts).
// This takes the header off every request and, with this process's token, sets `event.context.clientAddress`, so
// `getRequestIP` and rateLimit count the page's client. It imports nothing from Nitro or h3.
import { takeWebCallerAddress } from '../client-address/caller-address'

type WebEvent = Parameters<typeof takeWebCallerAddress>[0]

export default function callerAddressPlugin(nitroApp: { hooks?: { hook: (name: 'request', run: (event: WebEvent) => void) => void } }) {
  nitroApp.hooks?.hook('request', event => takeWebCallerAddress(event))
}
