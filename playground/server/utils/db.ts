/** A todo as stored; `ownerId` stays on the server. */
export interface Todo {
  id: number
  title: string
  done: boolean
  ownerId: number
}

/** A user as stored; `passwordHash` must never reach a client. */
export interface User {
  id: number
  name: string
  role: 'admin' | 'member'
  token: string
  passwordHash: string
}

// an in-memory store is enough for a playground; it resets on restart
export const users: User[] = [
  { id: 1, name: 'Ada', role: 'admin', token: 'ada-token', passwordHash: '$2b$10$not-a-real-hash-ada' },
  { id: 2, name: 'Grace', role: 'member', token: 'grace-token', passwordHash: '$2b$10$not-a-real-hash-grace' },
]

export const todos = new Map<number, Todo>([
  [1, { id: 1, title: 'Try the playground', done: false, ownerId: 1 }],
  [2, { id: 2, title: 'Open Nuxt DevTools', done: true, ownerId: 1 }],
])

let lastTodoId = 2
/** The next free todo id. */
export const nextTodoId = () => ++lastTodoId
