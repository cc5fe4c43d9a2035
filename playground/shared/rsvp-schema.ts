import { z } from 'zod'

// The RSVP form's input, shared by its action and its page (which validates in the browser before sending).
// Form fields arrive as strings (an empty one as ''): the guest's age is coerced, as a query's numbers are.
export const rsvpSchema = z.object({
  name: z.string({ error: 'Tell us your name' }).trim().min(2, 'Tell us your name'),
  email: z.email('Enter a valid email'),
  address: z.object({
    city: z.string({ error: 'Where do you come from?' }).min(1, 'Where do you come from?'),
    // an empty field sends '': the pattern allows it, as `.optional()` alone would not
    zip: z.string().regex(/^(\d{4,5})?$/, 'Four or five digits').optional(),
  }),
  guests: z.array(z.object({
    name: z.string({ error: 'Name your guest' }).min(1, 'Name your guest'),
    // an empty number field sends '': it means "none" here, not the 0 `z.coerce.number()` would read
    age: z.preprocess(value => value === '' ? undefined : value, z.coerce.number().int().min(0).max(120).optional()),
  })).max(2).optional(),
  // a <select>: its chosen option's value
  meal: z.enum(['fish', 'veggie', 'vegan'], { error: 'Choose a meal' }),
  // a <select multiple>: a name sent once is one value, sent twice a list; none chosen sends nothing
  workshops: z.preprocess(value => value === undefined ? [] : [value].flat(), z.array(z.enum(['pottery', 'salsa', 'wine']))),
  // radio buttons: the checked one's value
  arrival: z.enum(['friday', 'saturday'], { error: 'Choose a day' }),
  // a checkbox sends its value when checked, nothing otherwise
  newsletter: z.literal('yes').optional(),
  note: z.string().max(200, 'At most 200 characters').optional(),
})
