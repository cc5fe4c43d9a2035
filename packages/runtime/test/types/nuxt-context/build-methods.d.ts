// The module generates this file into the app's build directory.
declare const methods: Record<string, string>
export default methods
export const routeMethods: Record<string, string[] | null>
