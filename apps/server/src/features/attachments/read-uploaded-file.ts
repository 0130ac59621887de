import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import {
  fileTooLarge,
  MAX_ATTACHMENT_BYTES,
  MULTIPART_ALLOWANCE_BYTES,
} from './attachment-refusals.ts';

export const SEND_ONE_FILE_MESSAGE =
  'Send one file as multipart/form-data, in a form field named "file".';

/**
 * Refuses, before a byte of it is read, a body its Content-Length already says is too large for
 * any file the limit allows (the file plus the multipart framing).
 */
export function refuseDeclaredOversize(request: FastifyRequest): void {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', SEND_ONE_FILE_MESSAGE);
  const declared = Number(request.headers['content-length']);
  if (declared > MAX_ATTACHMENT_BYTES + MULTIPART_ALLOWANCE_BYTES) throw fileTooLarge();
}

/**
 * Reads the one file of an upload. The moment the file passes the limit, reading stops and the
 * refusal goes out (413, connection closed), so the rest of the body is never read.
 */
export async function readUploadedFile(
  request: FastifyRequest,
): Promise<{ originalName: string; bytes: Buffer }> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file({
      limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 10, parts: 11 },
    });
  } catch (error) {
    throw new AppError('BAD_REQUEST', SEND_ONE_FILE_MESSAGE, { logMessage: String(error) });
  }
  if (!part) throw new AppError('BAD_REQUEST', SEND_ONE_FILE_MESSAGE);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new AppError('BAD_REQUEST', SEND_ONE_FILE_MESSAGE);
  }
  const bytes = await readWithinLimit(part.file);
  return { originalName: part.filename, bytes };
}

function readWithinLimit(file: MultipartFile['file']): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    file.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    });
    file.once('limit', () => {
      file.removeAllListeners('data');
      reject(fileTooLarge());
    });
    file.once('end', () => {
      if (file.truncated) reject(fileTooLarge());
      else resolve(Buffer.concat(chunks, size));
    });
    file.once('error', (error) => {
      reject(new AppError('BAD_REQUEST', SEND_ONE_FILE_MESSAGE, { logMessage: String(error) }));
    });
  });
}
