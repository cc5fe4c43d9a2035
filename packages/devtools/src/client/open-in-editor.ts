import { openFileInEditor } from './api'

/**
 * Opens a file in the developer's editor through the module's own
 * `POST <base>/api/open-in-editor`, on DevTools 3 and 4 and with the panel on
 * its own: the dev server launches the editor it finds running (or the one
 * `LAUNCH_EDITOR` names), for files under the app's root only. False when it
 * could not.
 * @example
 * if (!await openInEditor(route.file)) note.value = 'Follow the link instead.'
 */
export function openInEditor(file: string): Promise<boolean> {
  return openFileInEditor({ file })
}
