import { fileURLToPath } from 'node:url';
import { findHardcodedStrings, USER_APP_DIRS } from '../apps/web/build/hardcoded-strings.ts';

/**
 * Lists the user-facing strings still written in code: `node --import tsx scripts/i18n-scan.ts [dir…]`
 * (folders relative to apps/web/src; the whole user app when none). Exits 1 when there are any.
 */
const src = fileURLToPath(new URL('../apps/web/src', import.meta.url));
const dirs = process.argv.slice(2);
const found = findHardcodedStrings(src, dirs.length > 0 ? dirs : USER_APP_DIRS);
for (const item of found) console.log(`${item.file}:${item.line}  [${item.why}]  ${item.text}`);
console.log(`${found.length} hard-coded string(s)`);
process.exitCode = found.length > 0 ? 1 : 0;
