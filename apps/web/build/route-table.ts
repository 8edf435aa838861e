import { fileURLToPath } from 'node:url';
import type { routes } from '@fit24/contract';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { AppRouteId, RouteCall } from '../src/lib/route-table.ts';

/** The method, path and caller of every app route (the operator API left out), as plain data. */
export function routeTableData(table: typeof routes): Record<AppRouteId, RouteCall> {
  const entries = Object.entries(table)
    .filter(([id]) => !id.startsWith('ops.'))
    .map(([id, { method, path, auth }]) => [id, { method, path, auth }]);
  return Object.fromEntries(entries) as Record<AppRouteId, RouteCall>;
}

/**
 * Replaces src/lib/route-table.ts in production builds with the table written out as data: the API client
 * keeps its one source of paths (the contract) without shipping the contract's schemas to the entry. The
 * contract is TypeScript, which the config's own loader leaves to Node, so tsx reads it.
 */
export function routeTable(): Plugin {
  const file = fileURLToPath(new URL('../src/lib/route-table.ts', import.meta.url));
  return {
    name: 'fit24-route-table',
    apply: 'build',
    async load(id) {
      if (id !== file) return undefined;
      const contract: typeof import('@fit24/contract') = await tsImport('@fit24/contract', import.meta.url);
      return `export const routeTable = ${JSON.stringify(routeTableData(contract.routes))};\n`;
    },
  };
}
