import jsQR from 'jsqr';

/** Pictures are scaled down to this many pixels on their longer side: enough for a QR code, quick to scan. */
const MAX_SIDE = 1280;

/** The text of the QR code in RGBA pixels, or null when there is none to read. */
export function decodeQrPixels(pixels: Uint8ClampedArray, width: number, height: number): string | null {
  const code = jsQR(pixels, width, height, { inversionAttempts: 'attemptBoth' });
  return code && code.data.trim() !== '' ? code.data : null;
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read'));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/**
 * Reads a QR code from a photo or an image file: drawn on a canvas (scaled down when large), its pixels
 * handed to jsQR. Null when the picture holds no readable code; throws when it is not a picture at all.
 */
export async function readQrFromImage(file: Blob): Promise<string | null> {
  const image = await loadImage(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(image.naturalWidth, image.naturalHeight, 1));
  const width = Math.max(1, Math.round(image.naturalWidth * scale));
  const height = Math.max(1, Math.round(image.naturalHeight * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(image, 0, 0, width, height);
  return decodeQrPixels(context.getImageData(0, 0, width, height).data, width, height);
}
