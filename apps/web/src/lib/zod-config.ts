import { z } from 'zod';

// Zod compiles fast parsers with `new Function` unless told not to, and first probes whether it may:
// under the server's Content-Security-Policy (no 'unsafe-eval') that probe is a reported violation.
// Imported first by main.tsx, before any schema of the contract is built.
z.config({ jitless: true });
