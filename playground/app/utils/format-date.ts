/**
 * A date from an action's answer, as the pages show it. Dates reach the client as ISO strings (what JSON carries);
 * the date is shown in UTC so the server's render and the browser's agree.
 * @example
 * formatDate(todo.createdAt) // '26 Nov 2026'
 */
export function formatDate(value: string | Date): string {
  return new Date(value).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
}
