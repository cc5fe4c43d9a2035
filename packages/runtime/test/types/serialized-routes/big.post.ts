import { defineAction } from '../../../src/runtime/server'

export default defineAction({ handler: () => ({ id: 1n, name: 'x' }) })
