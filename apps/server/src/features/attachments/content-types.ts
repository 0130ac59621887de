import { fileTypeFromBuffer } from 'file-type';
import {
  checkAttachmentContent,
  type AttachmentContentCheck,
  type SniffedContent,
} from '@bastion/domain/attachments/file-kinds';

/** Whether the bytes are text PostgreSQL and a browser read alike: UTF-8 (or ASCII), no NUL. */
export function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** What the bytes are, from their own content: never from the name or the browser's word. */
export async function sniffContent(bytes: Uint8Array): Promise<SniffedContent> {
  const sniffed = await fileTypeFromBuffer(bytes);
  return {
    sniffed: sniffed ? { ext: sniffed.ext, mime: sniffed.mime } : null,
    isText: sniffed === undefined && isPlainText(bytes),
  };
}

/** The allow list's verdict on a file of this (safe) name and these bytes. */
export async function checkUploadedContent(
  fileName: string,
  bytes: Uint8Array,
): Promise<AttachmentContentCheck> {
  return checkAttachmentContent(fileName, await sniffContent(bytes));
}
