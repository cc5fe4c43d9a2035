import { defineAction } from '../../../src/runtime/server'

export default defineAction({ handler: async (): Promise<void> => {} })
