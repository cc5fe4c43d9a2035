/** The Actions icon, a lightning bolt, drawn here so no DevTools fetches it from an icon service. */
export const TAB_ICON_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path fill="#f59e0b" d="M19 2 6 18h8.5L12 30l14-17h-8.5z"/></svg>'

/** The icon's file in the built panel (`dist/client/`), written there by the Vite build. */
export const TAB_ICON_FILE = 'tab-icon.svg'
