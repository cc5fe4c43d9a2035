import { join } from 'node:path'
import { createDatabase } from 'db0'
import type { Database } from 'db0'
import sqlite from 'db0/connectors/better-sqlite3'
import { migrate } from '../database/migrate'

/** A user as stored; `passwordHash` and `token` must never reach a client. */
export interface User {
  id: number
  name: string
  role: 'admin' | 'member'
  /** for `Authorization: Bearer <token>` (curl, scripts); browsers use the session cookie */
  token: string
  passwordHash: string
}

/** A todo's attachment, without its bytes (those are a file in the data folder). */
export interface Attachment {
  name: string
  type: string
  size: number
}

/** A todo as the actions return it; `ownerId` stays on the server. */
export interface Todo {
  id: number
  title: string
  done: boolean
  ownerId: number
  createdAt: Date
  updatedAt: Date
  attachment: Attachment | null
}

// #region db
/**
 * The folder of the SQLite file and the uploads: `PLAYGROUND_DATA_DIR`, else `runtimeConfig.dataDir`
 * (`NUXT_DATA_DIR`), else `.data` in the app.
 * @example
 * const file = join(dataDir(), 'attachments', String(todo.id))
 */
export function dataDir(): string {
  return process.env.PLAYGROUND_DATA_DIR || useRuntimeConfig().dataDir
}

let database: Promise<Database> | undefined

/**
 * The app's SQLite database (db0 with better-sqlite3), its tables made and seeded at the first call.
 * @example
 * const db = await useDb()
 * const { rows } = await db.sql`SELECT * FROM todos WHERE owner_id = ${user.id}`
 */
export function useDb(): Promise<Database> {
  database ??= (async () => {
    const db = createDatabase(sqlite({ path: join(dataDir(), 'playground.sqlite') }))
    await migrate(db)
    return db
  })()
  return database
}
// #endregion db

/** A todos row as SQLite holds it. */
export interface TodoRow {
  id: number
  title: string
  done: number
  owner_id: number
  created_at: string
  updated_at: string
  attachment_name: string | null
  attachment_type: string | null
  attachment_size: number | null
}

/**
 * A todos row as the actions return it: `done` a boolean, the dates `Date`s (they reach the client as ISO strings).
 * @example
 * const { rows } = await db.sql<{ rows: TodoRow[] }>`SELECT * FROM todos`
 * return rows.map(toTodo)
 */
export function toTodo(row: TodoRow): Todo {
  return {
    id: row.id,
    title: row.title,
    done: Boolean(row.done),
    ownerId: row.owner_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    attachment: row.attachment_name ? { name: row.attachment_name, type: row.attachment_type ?? 'application/octet-stream', size: row.attachment_size ?? 0 } : null,
  }
}

/**
 * A users row as the actions use it.
 * @example
 * const user = toUser(await db.prepare('SELECT * FROM users WHERE id = ?').get(1) as UserRow)
 */
export interface UserRow {
  id: number
  name: string
  role: 'admin' | 'member'
  token: string
  password_hash: string
}

/**
 * A users row as the middleware puts it in ctx.
 * @example
 * const user = toUser(row)
 */
export function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, role: row.role, token: row.token, passwordHash: row.password_hash }
}

/**
 * The todo of this id, or undefined.
 * @example
 * const todo = await findTodo(3)
 */
export async function findTodo(id: number): Promise<Todo | undefined> {
  const db = await useDb()
  const { rows } = await db.sql<{ rows: TodoRow[] }>`SELECT * FROM todos WHERE id = ${id}`
  return rows[0] && toTodo(rows[0])
}
