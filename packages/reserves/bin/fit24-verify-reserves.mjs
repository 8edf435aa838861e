#!/usr/bin/env node
// `npx fit24-verify-reserves …`: loads TypeScript through tsx (resolved from this package), then runs the CLI.
import { register } from 'tsx/esm/api';

register();
await import('./verify.ts');
