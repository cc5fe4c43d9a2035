/**
 * A form's current entries as one string, to tell whether it changed since
 * it was filled in (files by name and size).
 * @example
 * const clean = formSnapshot(form); input.value = 'x'; formSnapshot(form) !== clean // true
 */
export function formSnapshot(form: HTMLFormElement): string {
  return JSON.stringify([...new FormData(form)].map(([name, value]) => [name, typeof value === 'string' ? value : `${value.name}:${value.size}`]))
}

/**
 * Puts every named control of a form back to a value by name (`undefined`:
 * empty), checkboxes and radios checked when their value is the one given,
 * file inputs emptied, hidden ones left alone. `form.reset()` alone would go back to the markup's
 * values, which Vue does not keep once it has patched an input.
 * @example
 * restoreForm(form, name => ({ title: 'Milk' })[name])
 */
export function restoreForm(form: HTMLFormElement, valueOf: (name: string) => string | undefined): void {
  for (const control of form.elements as unknown as Iterable<HTMLInputElement>) {
    if (!control.name || control.type === 'submit' || control.type === 'button' || control.type === 'hidden') continue
    const value = valueOf(control.name)
    if (control.type === 'checkbox' || control.type === 'radio') control.checked = value !== undefined && value === control.value
    else control.value = control.type === 'file' ? '' : value ?? ''
  }
}
