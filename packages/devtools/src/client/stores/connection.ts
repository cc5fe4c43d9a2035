import { ref } from 'vue'
import type { StreamMessage } from '../../shared/types'
import { AccessRefusedError, subscribeToRecords } from '../api'
import { forgetRecords, loadBacklog, receiveRecord, receiveStreamEvent } from './records'
import { loadRegistry } from './registry'
import { selectFirstAction } from './view'

/**
 * 'refused' until the server accepts this browser's dev auth token.
 * @example
 * if (access.value === 'refused') showAuthorisePrompt()
 */
export const access = ref<'checking' | 'granted' | 'refused'>('checking')
/** True while the live stream is open. */
export const connected = ref(false)
/** Why the last registry call failed, in words; empty when it did not. */
export const loadError = ref('')

let stopStream: (() => void) | undefined

/**
 * Asks for the routes again, keeping `access` and `loadError` up to date.
 * @example
 * await refreshRoutes()
 */
export async function refreshRoutes(): Promise<void> {
  try {
    await loadRegistry()
    access.value = 'granted'
    loadError.value = ''
    selectFirstAction()
  }
  catch (error) {
    if (error instanceof AccessRefusedError) access.value = 'refused'
    else loadError.value = String(error)
  }
}

function onMessage(message: StreamMessage) {
  if (message.type === 'clear') forgetRecords()
  else if (message.type === 'routes-changed') void refreshRoutes()
  else if (message.type === 'stream-event') receiveStreamEvent(message.id, message.event, message.count)
  else receiveRecord(message.record)
}

/**
 * Loads the routes and, once the server accepts this browser, listens to the
 * records: the stream first, then the backlog, so nothing falls in between
 * (duplicates are dropped by id). Each time the stream opens again (Nitro
 * restarted) the backlog and the routes are asked again.
 * @example
 * onMounted(connect)
 */
export async function connect(): Promise<void> {
  disconnect()
  await refreshRoutes()
  if (access.value !== 'granted') return
  // the routes were just loaded: ask again only when the stream opens again (Nitro may have restarted)
  let opened = false
  stopStream = subscribeToRecords(onMessage, (status) => {
    connected.value = status === 'open'
    if (status === 'refused') access.value = 'refused'
    if (status === 'open') {
      void loadBacklog()
      if (opened) void refreshRoutes()
      opened = true
    }
  })
}

/**
 * Stops listening to the stream.
 * @example
 * onUnmounted(disconnect)
 */
export function disconnect(): void {
  stopStream?.()
  stopStream = undefined
  connected.value = false
}
