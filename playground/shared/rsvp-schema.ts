import { z } from 'zod'

// The RSVP form's input, shared by its action and its page (which validates in the browser before sending).
// Form fields arrive as strings: the party size is coerced, as a query's numbers are.
export const rsvpSchema = z.object({
  name: z.string({ error: 'Tell us your name' }).trim().min(2, 'Tell us your name'),
  email: z.email('Enter a valid email'),
  address: z.object({
    city: z.string({ error: 'Where do you come from?' }).min(1, 'Where do you come from?'),
    zip: z.string().regex(/^\d{4,5}$/, 'Four or five digits').optional(),
  }),
  guests: z.array(z.object({
    name: z.string({ error: 'Name your guest' }).min(1, 'Name your guest'),
    age: z.coerce.number().int().min(0).max(120).optional(),
  })).max(2).optional(),
})
