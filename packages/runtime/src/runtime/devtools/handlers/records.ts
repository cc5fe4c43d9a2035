// Dev-only: the recorded requests (GET), or forget them (DELETE).
import { defineEventHandler, setResponseStatus } from 'h3'
import type { RequestRecord } from '@action-route/devtools/types'
import { recorder } from '../recorder-instance'

export default defineEventHandler((event): RequestRecord[] | null => {
  if (event.method === 'DELETE') {
    recorder.clear()
    setResponseStatus(event, 204)
    return null
  }
  return recorder.list()
})
