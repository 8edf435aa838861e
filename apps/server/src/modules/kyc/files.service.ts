import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type TFile, UPLOAD_MAX_BYTES } from '@fit24/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { FileRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import * as filesRepo from './files.repository.ts';

type Mime = TFile['mime'];

/** Recognises a document by its first bytes, never by its name or the Content-Type the client sent. */
export function sniffMime(bytes: Buffer): Mime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

export function fileRowToFile(row: FileRow): TFile {
  return { file_id: Number(row.file_id), name: row.original_name, size: row.size, mime: row.mime as Mime };
}

const uploadDir = (ctx: AppContext) => join(ctx.config.dataDir, 'uploads');

/** A stored upload's bytes (for compliance operators only: see ops/console/kyc-file.ts). */
export function readStored(ctx: AppContext, storedName: string): Promise<Buffer> {
  return readFile(join(uploadDir(ctx), storedName));
}

/**
 * Stores the multipart field `file` under DATA_DIR/uploads with a random name (never served: the
 * web server only serves the built app). The row is written after the bytes; a failed insert
 * removes the bytes again.
 */
export async function upload(ctx: AppContext, userId: bigint, request: FastifyRequest): Promise<TFile> {
  if (!request.isMultipart()) {
    throw badRequest('Send the document as multipart/form-data in the field "file".', {
      file: 'is required',
    });
  }
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  let bytes: Buffer;
  try {
    part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0 } });
    if (part?.fieldname !== 'file') {
      throw badRequest('Send the document in the field "file".', { file: 'is required' });
    }
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest('The file is larger than 5 MB.', { file: 'must be at most 5 MB' });
    }
    throw badRequest('The upload could not be read. Send one file in the field "file".', {
      file: 'could not be read',
    });
  }
  const mime = sniffMime(bytes);
  if (!mime) throw badRequest('Upload a JPEG, PNG or PDF document.', { file: 'must be a JPEG, PNG or PDF' });
  if (bytes.length === 0) throw badRequest('The file is empty.', { file: 'is empty' });

  const storedName = randomBytes(24).toString('hex');
  await mkdir(uploadDir(ctx), { recursive: true, mode: 0o700 });
  const path = join(uploadDir(ctx), storedName);
  await writeFile(path, bytes, { mode: 0o600 });
  try {
    const row = await filesRepo.insert(ctx.db, {
      user_id: userId,
      original_name: part.filename.slice(0, 200) || 'document',
      stored_name: storedName,
      mime,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      created_at: ctx.clock.now(),
    });
    return fileRowToFile(row);
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}
