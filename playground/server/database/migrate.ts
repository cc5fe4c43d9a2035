import type { Database } from 'db0'

/**
 * Makes the tables when they are missing, and seeds the users and their first todos into an empty database.
 * @example
 * await migrate(createDatabase(sqlite({ path: '.data/playground.sqlite' })))
 */
export async function migrate(db: Database): Promise<void> {
  await db.sql`CREATE TABLE IF NOT EXISTS users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
    token TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL
  )`
  await db.sql`CREATE TABLE IF NOT EXISTS todos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    done INTEGER NOT NULL DEFAULT 0,
    owner_id INTEGER NOT NULL REFERENCES users (id),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    attachment_name TEXT,
    attachment_type TEXT,
    attachment_size INTEGER
  )`
  // one row per streamed reply: its status is written when the stream starts, and again in the generator's `finally`
  await db.sql`CREATE TABLE IF NOT EXISTS replies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id INTEGER NOT NULL REFERENCES users (id),
    prompt TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('streaming', 'completed', 'stopped', 'failed')),
    tokens INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  )`
  const { rows } = await db.sql<{ rows: { count: number }[] }>`SELECT count(*) AS count FROM users`
  if (rows[0]!.count > 0) return

  // the playground's accounts; their passwords are on the sign-in page. Katherine, Margaret and Dorothy are members too,
  // each with a list of her own for one of the test files (the Pinia Colada and TanStack Query pages, the account
  // switch), which check counts or a first page that another file's todos would change under them
  const now = new Date().toISOString()
  await db.sql`INSERT INTO users (id, name, role, token, password_hash) VALUES (1, 'Ada', 'admin', 'ada-token', ${await hashPassword('lovelace')})`
  await db.sql`INSERT INTO users (id, name, role, token, password_hash) VALUES (2, 'Grace', 'member', 'grace-token', ${await hashPassword('hopper')})`
  await db.sql`INSERT INTO users (id, name, role, token, password_hash) VALUES (3, 'Katherine', 'member', 'katherine-token', ${await hashPassword('johnson')})`
  await db.sql`INSERT INTO users (id, name, role, token, password_hash) VALUES (4, 'Margaret', 'member', 'margaret-token', ${await hashPassword('hamilton')})`
  await db.sql`INSERT INTO users (id, name, role, token, password_hash) VALUES (5, 'Dorothy', 'member', 'dorothy-token', ${await hashPassword('vaughan')})`
  await db.sql`INSERT INTO todos (title, done, owner_id, created_at, updated_at) VALUES ('Try the playground', 0, 1, ${now}, ${now})`
  await db.sql`INSERT INTO todos (title, done, owner_id, created_at, updated_at) VALUES ('Open Nuxt DevTools', 1, 1, ${now}, ${now})`
}
