// zod compiles object parsers with `new Function` after probing whether eval works. Our CSP forbids
// eval, and the browser reports even the caught probe as a CSP violation (a console error that costs
// Lighthouse's best-practices score). Turning JIT off skips the probe; parsing stays correct. Only
// the config module is imported, so this costs no zod bytes on the first load.
// Imported first by main.tsx: the probe runs when the first object schema is built.
import { config } from 'zod/v4/core'

config({ jitless: true })
