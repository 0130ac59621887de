/**
 * Which files may be attached to a quote (issue 17): the allow list by extension, and the check
 * of a file's name against what its bytes are. The server sniffs the bytes (file-type) and tells
 * whether they are plain text; this decides. Text formats (txt, csv, eml) have no magic number,
 * so their bytes must be text; legacy Office files and Outlook messages all sniff as one
 * container format (CFB), so the extension tells which of them it is.
 */

/** What the bytes were found to be: file-type's answer, or null when it recognised nothing. */
export interface SniffedContent {
  sniffed: { ext: string; mime: string } | null;
  /** Valid UTF-8 (or ASCII) without NUL bytes. */
  isText: boolean;
}

interface AttachmentKind {
  /** The content type stored and answered on download. */
  contentType: string;
  /** file-type's `ext` for bytes of this kind, or 'text' for formats without a magic number. */
  sniffsAs: string;
  /** How a person names it, in messages. */
  label: string;
}

const CFB = 'cfb';
const TEXT = 'text';

/** The allow list: PDF, Office documents, images, text, CSV and e-mail. */
export const ATTACHMENT_KINDS: Readonly<Record<string, AttachmentKind>> = {
  pdf: { contentType: 'application/pdf', sniffsAs: 'pdf', label: 'a PDF document' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    sniffsAs: 'docx',
    label: 'a Word document',
  },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    sniffsAs: 'xlsx',
    label: 'an Excel workbook',
  },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    sniffsAs: 'pptx',
    label: 'a PowerPoint presentation',
  },
  doc: { contentType: 'application/msword', sniffsAs: CFB, label: 'a Word 97-2003 document' },
  xls: {
    contentType: 'application/vnd.ms-excel',
    sniffsAs: CFB,
    label: 'an Excel 97-2003 workbook',
  },
  ppt: {
    contentType: 'application/vnd.ms-powerpoint',
    sniffsAs: CFB,
    label: 'a PowerPoint 97-2003 presentation',
  },
  msg: { contentType: 'application/vnd.ms-outlook', sniffsAs: CFB, label: 'an Outlook message' },
  png: { contentType: 'image/png', sniffsAs: 'png', label: 'a PNG image' },
  jpg: { contentType: 'image/jpeg', sniffsAs: 'jpg', label: 'a JPEG image' },
  jpeg: { contentType: 'image/jpeg', sniffsAs: 'jpg', label: 'a JPEG image' },
  gif: { contentType: 'image/gif', sniffsAs: 'gif', label: 'a GIF image' },
  webp: { contentType: 'image/webp', sniffsAs: 'webp', label: 'a WebP image' },
  tif: { contentType: 'image/tiff', sniffsAs: 'tif', label: 'a TIFF image' },
  tiff: { contentType: 'image/tiff', sniffsAs: 'tif', label: 'a TIFF image' },
  heic: { contentType: 'image/heic', sniffsAs: 'heic', label: 'a HEIC image' },
  txt: { contentType: 'text/plain; charset=utf-8', sniffsAs: TEXT, label: 'a text file' },
  csv: { contentType: 'text/csv; charset=utf-8', sniffsAs: TEXT, label: 'a CSV file' },
  eml: { contentType: 'message/rfc822', sniffsAs: TEXT, label: 'an e-mail' },
};

/** For the file input's `accept`: '.pdf,.docx,…'. */
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_KINDS)
  .map((ext) => `.${ext}`)
  .join(',');

export const ALLOWED_KINDS_SENTENCE =
  'Only PDF, Office documents, images, text, CSV and e-mail files can be attached.';

/** Names for what sniffed bytes are, beyond the allow list's own (the usual impostors). */
const SNIFFED_LABELS: Readonly<Record<string, string>> = {
  exe: 'a Windows program',
  elf: 'a Linux program',
  macho: 'a macOS program',
  msi: 'a Windows installer',
  dmg: 'a macOS disk image',
  apk: 'an Android app',
  zip: 'a ZIP archive',
  rar: 'a RAR archive',
  '7z': 'a 7-Zip archive',
  gz: 'a gzip archive',
  tar: 'a TAR archive',
  cfb: 'an old-style Office file',
  xml: 'an XML file',
  html: 'a web page',
  mp4: 'a video',
  mp3: 'an audio file',
  wasm: 'a WebAssembly program',
};

function contentLabel(content: SniffedContent): string {
  const { sniffed } = content;
  if (sniffed === null) return content.isText ? 'text' : 'binary data of an unknown kind';
  const known =
    SNIFFED_LABELS[sniffed.ext] ??
    Object.values(ATTACHMENT_KINDS).find((kind) => kind.sniffsAs === sniffed.ext)?.label;
  return known ?? `${sniffed.ext.toUpperCase()} data (${sniffed.mime})`;
}

/** The final extension, lower case, without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

export type AttachmentContentCheck =
  { isAllowed: true; contentType: string } | { isAllowed: false; message: string };

/**
 * Whether a file of this (safe) name with these bytes may be attached, and the content type to
 * store: its extension must be on the allow list and its bytes what the extension says.
 */
export function checkAttachmentContent(
  fileName: string,
  content: SniffedContent,
): AttachmentContentCheck {
  const extension = extensionOf(fileName);
  const kind = ATTACHMENT_KINDS[extension];
  if (!kind) {
    const refused =
      extension === ''
        ? 'This file has no extension, so it cannot be attached.'
        : `Files of type .${extension} cannot be attached.`;
    return { isAllowed: false, message: `${refused} ${ALLOWED_KINDS_SENTENCE}` };
  }
  const matches =
    kind.sniffsAs === TEXT
      ? content.sniffed === null && content.isText
      : content.sniffed?.ext === kind.sniffsAs;
  if (matches) return { isAllowed: true, contentType: kind.contentType };
  return {
    isAllowed: false,
    message: `This file is named .${extension} but its content is ${contentLabel(content)}. ${ALLOWED_KINDS_SENTENCE}`,
  };
}
