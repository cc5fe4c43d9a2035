import { defineAction } from '../../../src/runtime/server'

export default defineAction({ handler: () => new Date() })
