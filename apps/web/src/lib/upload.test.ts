import { describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, createApiClient, NETWORK_ERROR_CODE } from './api-client.ts';
import type { MultipartRequest, MultipartResponse } from './xhr-upload.ts';
import { sendMultipartXhr } from './xhr-upload.ts';

const file = { file_id: 9, name: 'passport.png', size: 2048, mime: 'image/png' };

function setup(answer: (request: MultipartRequest) => Promise<MultipartResponse>) {
  const events: string[] = [];
  const sent: MultipartRequest[] = [];
  const fetch = vi.fn(async () => new Response(JSON.stringify({ error: false, data: {} }), { status: 200 }));
  const deps: ApiClientDeps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    config: () => ({ apiKey: 'key-123', apiBase: 'https://api.test' }),
    getToken: () => 'tok-1',
    clearSession: () => void events.push('clear'),
    forgetUserData: () => void events.push('forget'),
    navigateToRoot: () => void events.push('root'),
    sendMultipart: (request) => {
      sent.push(request);
      return answer(request);
    },
  };
  return { client: createApiClient(deps), sent, events, fetch };
}

describe('api upload (multipart with progress)', () => {
  it('sends the form with the API key and bearer token, reports progress and resolves with data', async () => {
    const { client, sent } = setup(async (request) => {
      request.onProgress?.(0.5);
      request.onProgress?.(1);
      return { status: 200, body: JSON.stringify({ error: false, data: { file } }) };
    });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'passport.png');
    const progress: number[] = [];
    const envelope = await client.upload('file.upload', form, { onProgress: (p) => progress.push(p) });
    expect(envelope).toEqual({ error: false, data: { file } });
    expect(progress).toEqual([0.5, 1]);
    expect(sent[0]?.url).toBe('https://api.test/api/file/upload');
    expect(sent[0]?.headers).toMatchObject({ 'x-api-key': 'key-123', authorization: 'Bearer tok-1' });
    expect(sent[0]?.headers['content-type']).toBeUndefined();
    expect(sent[0]?.form.get('file')).toBeInstanceOf(Blob);
  });

  it('resolves a refusal with its error body', async () => {
    const refusal = { error: true, code: 413, message: 'The file is larger than 5 MB.' };
    const { client, events } = setup(async () => ({ status: 413, body: JSON.stringify(refusal) }));
    await expect(client.upload('file.upload', new FormData())).resolves.toEqual(refusal);
    expect(events).toEqual([]);
  });

  it('applies the 502 rule: signs out, clears, goes to the root', async () => {
    const invalid = { error: true, code: 502, message: 'Your session has ended.' };
    const { client, events, fetch } = setup(async () => ({ status: 401, body: JSON.stringify(invalid) }));
    await expect(client.upload('file.upload', new FormData())).resolves.toEqual(invalid);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(events).toEqual(['clear', 'forget', 'root']);
  });

  it('resolves a lost connection or a non-JSON answer with an error envelope', async () => {
    const lost = setup(() => Promise.reject(new Error('network error')));
    await expect(lost.client.upload('file.upload', new FormData())).resolves.toMatchObject({
      error: true,
      code: NETWORK_ERROR_CODE,
    });
    const html = setup(async () => ({ status: 504, body: '<html>timeout</html>' }));
    await expect(html.client.upload('file.upload', new FormData())).resolves.toMatchObject({
      error: true,
      code: 504,
    });
  });
});

/** A stand-in XMLHttpRequest: records what was set and lets the test drive its events. */
class FakeXhr {
  headers: Record<string, string> = {};
  opened: [string, string] | null = null;
  body: unknown;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe('sendMultipartXhr', () => {
  const request = (extra: Partial<MultipartRequest> = {}): MultipartRequest => ({
    url: 'https://api.test/api/file/upload',
    headers: { 'x-api-key': 'k' },
    form: new FormData(),
    timeoutMs: 1000,
    ...extra,
  });

  it('posts with the headers, reports progress and resolves with status and body', async () => {
    const xhr = new FakeXhr();
    const progress: number[] = [];
    const pending = sendMultipartXhr(request({ onProgress: (p) => progress.push(p) }), () => xhr as never);
    expect(xhr.opened).toEqual(['POST', 'https://api.test/api/file/upload']);
    expect(xhr.headers).toEqual({ 'x-api-key': 'k' });
    expect(xhr.timeout).toBe(1000);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 } as ProgressEvent);
    xhr.status = 200;
    xhr.responseText = '{"error":false,"data":{}}';
    xhr.onload?.();
    await expect(pending).resolves.toEqual({ status: 200, body: '{"error":false,"data":{}}' });
    expect(progress).toEqual([0.25, 1]);
  });

  it('rejects when no answer comes, and on abort', async () => {
    const failing = new FakeXhr();
    const pending = sendMultipartXhr(request(), () => failing as never);
    failing.onerror?.();
    await expect(pending).rejects.toThrow('network error');

    const controller = new AbortController();
    const aborted = new FakeXhr();
    const cancelled = sendMultipartXhr(request({ signal: controller.signal }), () => aborted as never);
    controller.abort();
    await expect(cancelled).rejects.toThrow('aborted');
  });
});
