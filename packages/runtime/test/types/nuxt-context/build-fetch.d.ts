// The module generates this file into the app's build directory (src/client/internal/client-fetch.ts).
import type { ActionFetcher } from '../../../src/runtime/app/call/call-action'

export declare const nuxtFetch: () => ActionFetcher
