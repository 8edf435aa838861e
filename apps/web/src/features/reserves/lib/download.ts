import { downloadText } from '../../../lib/download.ts';

/** The proof file's name: what the "verify it yourself" command names too. */
export function proofFileName(snapshotId: number): string {
  return `fit24-proof-of-reserves-${snapshotId}.json`;
}

/**
 * The command that checks the proof file against the root this server publishes, outside the app. The API
 * answers only calls with the app's key (public: every copy of the app carries it), so the command has it.
 */
export function verifyCommand(snapshotId: number, api: { origin: string; key: string }): string {
  const key = api.key ? ` --api-key ${api.key}` : '';
  return `npx fit24-verify-reserves ${proofFileName(snapshotId)} --url ${api.origin}${key}`;
}

/** Hands the proof to the browser as a JSON file download, exactly as the server sent it. */
export function downloadProof(snapshotId: number, proof: unknown): void {
  downloadText(proofFileName(snapshotId), `${JSON.stringify(proof, null, 2)}\n`, 'application/json');
}
