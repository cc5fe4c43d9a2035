import { type } from 'arktype'

// the arktype route
export default defineAction({
  input: type({
    'rating': '1 <= number.integer <= 5',
    'comment?': 'string <= 500',
  }),
  handler: ({ input }) => ({ thanks: true, rating: input.rating }),
})
