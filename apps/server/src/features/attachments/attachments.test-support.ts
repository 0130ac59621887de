import { crc32 } from 'node:zlib';
import { Document, Packer, Paragraph } from 'docx';

/*
 * Files for the attachment tests, real enough for file-type: the magic numbers and structure it
 * reads, nothing more.
 */

export const pdfBytes = (size = 64): Buffer => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  if (size < head.length + tail.length) throw new Error('too small for a PDF');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
};

export const pngBytes = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );

/** A Windows program's first bytes: 'MZ' and a DOS header. */
export const exeBytes = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(254, 0x90)]);

export const docxBytes = () =>
  Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Requirements')] }] }));

/** A ZIP archive of one stored (uncompressed) file: not an Office document. */
export function zipBytes(name = 'notes.txt', data = Buffer.from('hello')): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

export const BOUNDARY = 'bastion-test-boundary';

/** The multipart framing around one file in the field `field`. */
export function multipartParts(fileName: string, field = 'file') {
  return {
    head: Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  };
}

export function multipartBody(fileName: string, bytes: Buffer, field = 'file'): Buffer {
  const { head, tail } = multipartParts(fileName, field);
  return Buffer.concat([head, bytes, tail]);
}
