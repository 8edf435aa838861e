import { render } from '@testing-library/react';
import { QRCodeSVG } from 'qrcode.react';
import { describe, expect, it } from 'vitest';
import { parsePaymentRequest } from './payment-uri.ts';
import { decodeQrPixels } from './qr-image.ts';

const SCALE = 4;

/**
 * A QR code as RGBA pixels, drawn from the path qrcode.react renders (jsdom has no canvas): each
^ * "Mx y hwv1Hxz" run of dark modules filled black on white.
 */
function qrPixels(value: string): { pixels: Uint8ClampedArray; size: number } {
  const { container } = render(<QRCodeSVG value={value} marginSize={4} level="M" />);
  const svg = container.querySelector('svg')!;
  const modules = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const dark = svg.querySelectorAll('path')[1]!.getAttribute('d')!;
  const size = modules * SCALE;
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const run of dark.matchAll(/M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g)) {
    const [x, y, width] = [Number(run[1]), Number(run[2]), Number(run[3])];
    for (let row = y * SCALE; row < (y + 1) * SCALE; row++) {
      for (let col = x * SCALE; col < (x + width) * SCALE; col++) {
        pixels.fill(0, (row * size + col) * 4, (row * size + col) * 4 + 3);
      }
    }
  }
  return { pixels, size };
}

describe('decodeQrPixels', () => {
  it('reads the payment request back out of a QR code', () => {
    const uri = 'ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed@1?value=2.5e17';
    const { pixels, size } = qrPixels(uri);
    const text = decodeQrPixels(pixels, size, size);
    expect(text).toBe(uri);
    expect(parsePaymentRequest(text!, 18)).toEqual({
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      amount: '0.25',
    });
  });

  it('finds nothing in a blank picture', () => {
    expect(decodeQrPixels(new Uint8ClampedArray(64 * 64 * 4).fill(255), 64, 64)).toBeNull();
  });
});
