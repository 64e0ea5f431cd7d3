/**
 * The screen registry as the server reads it (src/resources/registry.ts). The registry loads
 * every definition, and a zod schema has `.openapi()` only when it was made after
 * @hono/zod-openapi extended zod; the routes call it on the definitions' schemas. The seed is
 * imported before any route, so it reads the registry through here: zod is extended first.
 */
import '@hono/zod-openapi'

export { REGISTRY, registeredScreen, type RegisteredScreen } from '../../src/resources/registry'
