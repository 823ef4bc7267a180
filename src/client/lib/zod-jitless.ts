// zod compiles object parsers with `new Function` after probing whether eval works. Our CSP forbids
// eval, and the browser reports even the caught probe as a CSP violation (a console error that costs
// Lighthouse's best-practices score). Turning JIT off skips the probe; parsing stays correct.
// Imported first by app.tsx: the probe runs when the first object schema is built.
//
// zod keeps its config on globalThis.__zod_globalConfig (zod/v4/core/core.js) so every copy shares it.
// Setting it there, instead of calling `config()` from zod/v4/core, keeps zod out of the first load
// (that import pulled ~2 KB gz of zod's core utilities into the entry); zod-jitless.test.ts pins it.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> }
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true })
