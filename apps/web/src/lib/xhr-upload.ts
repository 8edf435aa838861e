export interface MultipartRequest {
  url: string;
  headers: Record<string, string>;
  form: FormData;
  timeoutMs: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface MultipartResponse {
  status: number;
  body: string;
}

/**
 * POSTs a multipart body with XMLHttpRequest, the only browser API that reports upload progress. Resolves
 * with any HTTP answer; rejects when no answer came (network, timeout, abort). The browser sets the
 * multipart content type and boundary itself.
 */
export function sendMultipartXhr(
  request: MultipartRequest,
  createXhr: () => XMLHttpRequest = () => new XMLHttpRequest(),
): Promise<MultipartResponse> {
  return new Promise((resolve, reject) => {
    const xhr = createXhr();
    const abort = () => xhr.abort();
    const done = () => request.signal?.removeEventListener('abort', abort);
    xhr.open('POST', request.url);
    xhr.timeout = request.timeoutMs;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      request.onProgress?.(1);
      resolve({ status: xhr.status, body: xhr.responseText });
    };
    const fail = (why: string) => () => {
      done();
      reject(new Error(why));
    };
    xhr.onerror = fail('network error');
    xhr.ontimeout = fail('timeout');
    xhr.onabort = fail('aborted');
    if (request.signal?.aborted) {
      reject(new Error('aborted'));
      return;
    }
    request.signal?.addEventListener('abort', abort);
    xhr.send(request.form);
  });
}
