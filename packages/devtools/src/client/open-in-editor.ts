import { openThroughDevtools } from './devtools-host'
import { registry } from './stores/registry'

/**
 * Opens a file in the developer's editor: through DevTools 3's RPC when the
 * panel runs inside it, else through Vite's open-in-editor endpoint on the
 * dev server (DevTools 4's dock, the panel on its own), which launches the
 * editor `nuxi dev` finds (or the one `LAUNCH_EDITOR` names). False when
 * neither is there: an app built with webpack, say.
 * @example
 * if (!await openInEditor(route.file)) note.value = 'Follow the link instead.'
 */
export async function openInEditor(file: string): Promise<boolean> {
  if (await openThroughDevtools(file)) return true
  const editorUrl = registry.value?.editorUrl
  if (!editorUrl) return false
  try {
    return (await fetch(`${editorUrl}?file=${encodeURIComponent(file)}`)).ok
  }
  catch {
    return false
  }
}
