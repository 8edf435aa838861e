import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './device-push.ts';

describe('the VAPID key for PushManager', () => {
  it('decodes unpadded base64url, including - and _', () => {
    expect([...base64UrlToBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlToBytes('-_8')]).toEqual([251, 255]);
    expect(base64UrlToBytes(`B${'A'.repeat(86)}`)).toHaveLength(65);
  });
});
