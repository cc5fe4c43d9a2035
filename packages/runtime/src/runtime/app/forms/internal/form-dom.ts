/**
 * A form's current entries as one string, to tell whether it changed since
 * it was filled in (files by name and size).
 * @example
 * const clean = formSnapshot(form); input.value = 'x'; formSnapshot(form) !== clean // true
 */
export function formSnapshot(form: HTMLFormElement): string {
  return JSON.stringify([...new FormData(form)].map(([name, value]) => [name, typeof value === 'string' ? value : `${value.name}:${value.size}`]))
}
