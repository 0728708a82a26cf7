import { vi } from 'vitest';

type Envelope = { code: number; message: string; data: unknown };

export interface UploadCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

/**
 * Stands in for XMLHttpRequest, which the console's uploads use (fetch cannot report upload progress): every send
 * is recorded, reports 50% then 100% progress, and is answered by `answer`.
 */
export function mockUpload(answer: (call: UploadCall) => Envelope) {
  const calls: UploadCall[] = [];
  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    timeout = 0;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.dispatchEvent(new Event('abort'));
    }
    send(body: FormData) {
      const call = { method: this.method, url: this.url, headers: this.headers, body };
      calls.push(call);
      const progress = (loaded: number) =>
        this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total: 100 }));
      setTimeout(() => {
        progress(50);
        progress(100);
        this.status = 200;
        this.responseText = JSON.stringify(answer(call));
        this.dispatchEvent(new Event('load'));
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { calls };
}

/** A small PNG file as a browser's file picker would hand it over (the bytes do not matter to the console). */
export const pngFile = (name = 'banner.png', size = 68) =>
  new File([new Uint8Array(size).fill(1)], name, { type: 'image/png' });
