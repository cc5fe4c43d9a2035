import { addServerHandler } from '../internal/nuxt-kit'
import type { Resolver } from '../internal/nuxt-kit'
import { pickServerFile } from '../internal/nitro-major'
import type { NitroMajor } from '../internal/nitro-major'

/**
 * `useActionForm` without JavaScript: a server middleware runs a form posted to its page in-process, before the
 * page renders.
 * @example
 * if (options.forms ?? uses.forms) setupForms(nitroMajor, resolver)
 */
export function setupForms(nitroMajor: NitroMajor, resolver: Resolver): void {
  addServerHandler({
    middleware: true,
    handler: pickServerFile(nitroMajor, {
      nitro2: resolver.resolve('./runtime/form-post/nitro2'),
      nitro3: resolver.resolve('./runtime/form-post/nitro3'),
    }),
  })
}
