import { type TFile, UPLOAD_MAX_BYTES, ZUploadMime } from '@fit24/contract';
import type { TFunction } from 'i18next';
import { api } from '../../../lib/api.ts';
import { formatBytes } from '../../../lib/format.ts';

export const ACCEPTED_TYPES = ZUploadMime.options.join(',');

/** Why a chosen file can't be sent, checked before any upload (the server checks the content again). */
export function documentProblem(file: Pick<File, 'size' | 'type'>, t: TFunction<'kyc'>): string | null {
  if (file.size > UPLOAD_MAX_BYTES) {
    return t('document.tooLarge', { size: formatBytes(file.size), limit: formatBytes(UPLOAD_MAX_BYTES) });
  }
  if (file.size === 0) return t('document.empty');
  // Some Android pickers give no type: the server decides by content then.
  if (file.type && !ZUploadMime.safeParse(file.type).success) return t('document.wrongType');
  return null;
}

export type UploadResult = { ok: true; file: TFile } | { ok: false; message: string };

/** POST /api/file/upload (multipart field `file`) with progress. */
export async function uploadDocument(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const envelope = await api.upload('file.upload', form, { onProgress, signal });
  return envelope.error ? { ok: false, message: envelope.message } : { ok: true, file: envelope.data.file };
}
