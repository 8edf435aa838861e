import { z } from 'zod';

// Zod compiles fast parsers with `new Function` unless told not to, and first probes whether it may:
// under the server's Content-Security-Policy (no 'unsafe-eval') that probe is a reported violation.
// Imported first by main.tsx, before any schema of the contract is built. In a production build the
// schemas sit in chunks that run before the entry's own code, so there every `import … from 'zod'` is
// pointed at this module instead (build/zod-jitless.ts): the setting is made before any schema exists.
z.config({ jitless: true });

export * from 'zod';
export { z };
