import { z } from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` unless told not to; the console's Content-Security-Policy has
 * no 'unsafe-eval', so every such attempt (even zod's own probe, caught) is reported as a CSP violation. zod reads
 * the setting when a schema is built, so this module runs before any schema: vite.config.ts keeps it in the chunk
 * that holds zod itself, which runs it as soon as anything imports zod (docs/decisions.md "Token storage and CSP
 * (issue 26)"). It only has to be imported somewhere: shell-routes.tsx does, and not main.tsx, whose chunk would
 * then carry zod onto the login page (issue 27).
 */
z.config({ jitless: true });
