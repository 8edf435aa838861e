// `node --import tsx scripts/openapi.ts [file]`: writes the OpenAPI document the server serves at
// /api/docs/json (generated from the contract) to a file, or to stdout; `npm run lint:api` lints it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildOpenApiDocument } from '../apps/server/src/modules/docs/openapi.ts';

const text = `${JSON.stringify(buildOpenApiDocument('http://localhost:8080'), null, 2)}\n`;
const file = process.argv[2];
if (!file) process.stdout.write(text);
else {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
