import { z } from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` unless told not to; the console's Content-Security-Policy has
 * no 'unsafe-eval', so every such attempt (even zod's own probe, caught) is reported as a CSP violation. zod reads
 * the setting when a schema is built, so this module runs before any schema: main.tsx imports it first, and
 * vite.config.ts keeps it in the chunk that holds zod itself (docs/decisions.md "Token storage and CSP (issue 26)").
 */
z.config({ jitless: true });
