import { deflateSync } from 'node:zlib';

/**
 * Identity documents for the console's KYC review: small PNGs drawn here (an ID card, a face), so the
 * screenshots show something a reviewer would recognise as a document, with no image file in the tree.
 */

type Rgb = [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of `width`×`height` whose every pixel is `paint(x, y)`. */
function png(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(paint(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const inBox = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) =>
  x >= x0 && x < x1 && y >= y0 && y < y1;

/** The front of an identity card: a blue band, a photo box and lines of text. */
export function idCardPng(): Buffer {
  return png(360, 228, (x, y) => {
    if (x < 4 || y < 4 || x >= 356 || y >= 224) return [180, 190, 205];
    if (y < 44) return [30, 64, 140];
    if (inBox(x, y, 20, 62, 120, 190)) {
      const dx = x - 70;
      const dy = y - 110;
      if (dx * dx + dy * dy < 26 * 26) return [214, 170, 140];
      if (y > 140 && Math.abs(dx) < 42 - (y - 140) / 3) return [60, 80, 110];
      return [200, 210, 222];
    }
    for (const [row, length] of [
      [70, 170],
      [92, 120],
      [114, 150],
      [136, 90],
      [170, 200],
    ] as const)
      if (inBox(x, y, 140, row, 140 + length, row + 9)) return [70, 80, 96];
    return [236, 240, 246];
  });
}

/** A selfie: a face on a plain background. */
export function selfiePng(): Buffer {
  return png(240, 300, (x, y) => {
    const dx = x - 120;
    const dy = y - 120;
    if (dx * dx + dy * dy < 62 * 62) {
      if ((Math.abs(dx + 22) < 7 || Math.abs(dx - 22) < 7) && Math.abs(dy + 12) < 5) return [40, 40, 50];
      if (Math.abs(dx) < 20 && dy > 22 && dy < 28) return [150, 70, 70];
      return [222, 180, 150];
    }
    if (y > 190 && Math.abs(dx) < 110 - (300 - y) / 2) return [40, 90, 160];
    return [210, 220, 232];
  });
}
