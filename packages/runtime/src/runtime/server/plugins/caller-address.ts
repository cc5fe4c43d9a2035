// Nitro 2 plugin (Nuxt 3 and 4): an in-process request (an action a page calls during SSR, a single-flight GET)
// has a socket with no address; its caller names the address of the request it acts for in `x-action-route-caller`
// (internal/caller-address.ts). This takes the header off every request and, with this process's token, gives the
// socket that address, so `getRequestIP` and rateLimit count the page's client. Nitro 3 gets caller-address.nitro3.ts.
import type { H3Event } from 'h3'
import { takeCallerAddress } from '../client-address/caller-address'

export default function callerAddressPlugin(nitroApp: { hooks: { hook: (name: 'request', run: (event: H3Event) => void) => void } }) {
  nitroApp.hooks.hook('request', event => takeCallerAddress(event.node.req))
}
