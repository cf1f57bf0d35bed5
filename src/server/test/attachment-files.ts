// Test files for attachments: real images made by sharp, and hand-built hostile ones.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export type UploadFile = { name: string; type: string; data: Buffer };

/** A real PNG of the given size (a colour gradient is not needed: one colour compresses well). */
export const pngOf = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** A JPEG carrying EXIF (camera make and a GPS-like comment) that a thumbnail must not keep. */
export const jpegWithExif = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#cc6633' } })
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 51.5,-0.12' } })
    .jpeg()
    .toBuffer();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** An image bomb: a valid PNG of a few hundred bytes whose header declares width x height. */
export function pngBomb(width = 50_000, height = 50_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a Windows program (MZ and a PE header), whatever its name says. */
export function windowsProgram(): Buffer {
  const data = Buffer.alloc(1024);
  data.write('MZ', 0, 'ascii');
  data.writeUInt32LE(0x80, 0x3c);
  data.write('PE\0\0', 0x80, 'ascii');
  return data;
}

/** multipart/form-data with the message as the `data` field first, then the files. */
export async function messageWithFiles(data: unknown, files: UploadFile[]) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const f of files) {
    form.append('files', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}
