// Types of docs-recipes.mjs, for the docs-app test that builds the recipes app.

/** The recipe pages, in the order the recipes app applies them. */
export declare const RECIPE_PAGES: string[]

/** The committed lock of the recipes app. */
export declare const RECIPES_LOCK: string

/** Builds the recipes app into an empty folder: the walkthrough, then every recipe, type-checked and built. */
export declare function buildRecipesApp(dir: string): { node: string, files: string[], lockLine: string }
