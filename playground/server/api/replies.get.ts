import { z } from 'zod'

// The signed-in user's last streamed replies and how each ended (written by POST /api/reply's `finally`)
export default authedAction
  .outputSchema(z.array(z.object({
    id: z.number(),
    prompt: z.string(),
    status: z.enum(['streaming', 'completed', 'stopped', 'failed']),
    tokens: z.number(),
    createdAt: z.date(),
  })))
  .handler(async ({ ctx }) => {
    const db = await useDb()
    const { rows } = await db.sql<{ rows: { id: number, prompt: string, status: 'streaming' | 'completed' | 'stopped' | 'failed', tokens: number, created_at: string }[] }>`SELECT
      id, prompt, status, tokens, created_at FROM replies WHERE owner_id = ${ctx.user.id} ORDER BY id DESC LIMIT 10`
    return rows.map(row => ({ id: row.id, prompt: row.prompt, status: row.status, tokens: row.tokens, createdAt: new Date(row.created_at) }))
  })
