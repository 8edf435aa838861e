import { z } from 'zod';

// Zod compiles fast parsers with `new Function` unless told not to, and first probes whether it may:
// under the server's Content-Security-Policy (no 'unsafe-eval') that probe is a reported violation.
// Every `import … from 'zod'` of the app (build and dev server) is pointed at this module
// (build/zod-jitless.ts), so the setting is made before any schema exists, whichever chunk builds one first.
z.config({ jitless: true });

export * from 'zod';
export { z };
