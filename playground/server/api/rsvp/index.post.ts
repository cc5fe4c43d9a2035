import { rsvpSchema } from '#shared/rsvp-schema'

// the form route: useActionForm on /rsvp posts here, with or without JavaScript
let seats = 40

export default defineAction({
  input: rsvpSchema,
  handler: ({ input }) => {
    const party = 1 + (input.guests?.length ?? 0)
    if (input.email.endsWith('@example.com')) {
      throw createActionError({ code: 'ALREADY_REPLIED', message: 'This email has replied already', statusCode: 409, fieldErrors: { email: ['This email has replied already'] } })
    }
    seats -= party
    // the choices echoed back: the page shows what the server received
    const choices = { meal: input.meal, workshops: input.workshops, arrival: input.arrival, newsletter: input.newsletter === 'yes', note: input.note ?? '' }
    return { name: input.name, party, seatsLeft: seats, ...choices }
  },
})
