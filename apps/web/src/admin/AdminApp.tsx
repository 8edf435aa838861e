import { QueryClientProvider } from '@tanstack/react-query';
import { AdminShell } from './AdminShell.tsx';
import { opsQueryClient } from './lib/ops.ts';
// The frame's sheet last: its narrow-screen rules override the tables' and the controls'.
import './admin-tables.css';
import './admin-controls.css';
import './admin.css';

/** The operators' console (issue 14): its own chunk, its own cache, its own session. */
export default function AdminApp() {
  return (
    <QueryClientProvider client={opsQueryClient}>
      <AdminShell />
    </QueryClientProvider>
  );
}
