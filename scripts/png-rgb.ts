import { crc32, deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const RGBA = 6;
const RGB = 2;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The raw RGBA rows of an 8-bit, non-interlaced PNG (scanline filters undone). */
function rgbaRows(data: Buffer, width: number, height: number): Buffer[] {
  const stride = width * 4;
  const rows: Buffer[] = [];
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1);
    const filter = data[start]!;
    const row = Buffer.from(data.subarray(start + 1, start + 1 + stride));
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? row[x - 4]! : 0;
      const up = previous[x]!;
      const upLeft = x >= 4 ? previous[x - 4]! : 0;
      const add = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter] ?? 0;
      row[x] = (row[x]! + add) & 0xff;
    }
    rows.push(row);
    previous = row;
  }
  return rows;
}

/**
 * The same picture without its alpha channel (colour type 2): for images that are opaque anyway, where a
 * store refuses an alpha channel (Apple's app icon). Chromium's screenshots are 8-bit RGBA, not interlaced.
 */
export function opaquePng(png: Buffer): Buffer {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [bitDepth, colourType, , , interlace] = png.subarray(24, 29);
  if (colourType === RGB) return png;
  if (bitDepth !== 8 || colourType !== RGBA || interlace !== 0) throw new Error('not an 8-bit RGBA PNG');
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const rgb = rgbaRows(inflateSync(Buffer.concat(idat)), width, height).map((row) => {
    const out = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.copy(out, 1 + x * 3, x * 4, x * 4 + 3);
    return out;
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, RGB, 0, 0, 0], 8);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rgb), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
