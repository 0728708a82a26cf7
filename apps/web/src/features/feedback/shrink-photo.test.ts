import { afterEach, describe, expect, it, vi } from 'vitest';
import { shrinkPhoto, SHRINK_OVER_BYTES } from './shrink-photo';

/** A canvas that records its size and what was drawn, and answers a small JPEG blob. */
function fakeCanvas() {
  const drawn: unknown[][] = [];
  const canvas = {
    width: 0,
    height: 0,
    getContext: () => ({ drawImage: (...args: unknown[]) => drawn.push(args) }),
    toBlob: (done: (blob: Blob | null) => void, type: string, quality: number) =>
      done(new Blob([`jpeg ${type} ${quality}`], { type })),
  };
  const realCreate = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation(((tag: string) =>
    tag === 'canvas' ? canvas : realCreate(tag)) as typeof document.createElement);
  return { canvas, drawn };
}

const photo = (bytes: number, type = 'image/jpeg') => new File([new Uint8Array(bytes)], 'IMG_0001.jpg', { type });

describe('shrinkPhoto', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws a large photo again as a JPEG of at most 1600 px on its long side', async () => {
    const bitmap = { width: 4032, height: 3024 };
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue(bitmap));
    const { canvas, drawn } = fakeCanvas();
    const out = await shrinkPhoto(photo(3 * 1024 * 1024));
    expect([canvas.width, canvas.height]).toEqual([1600, 1200]);
    expect(drawn).toEqual([[bitmap, 0, 0, 1600, 1200]]);
    expect(out.name).toBe('photo.jpg');
    expect(out.type).toBe('image/jpeg');
    expect(await out.text()).toBe('jpeg image/jpeg 0.85');
  });

  it('re-encodes a picture of small size over 1 MB, and leaves a small one as it is', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue({ width: 1200, height: 900 }));
    const { canvas } = fakeCanvas();
    const small = photo(SHRINK_OVER_BYTES);
    expect(await shrinkPhoto(small)).toBe(small);
    const heavy = await shrinkPhoto(photo(SHRINK_OVER_BYTES + 1, 'image/png'));
    expect([canvas.width, canvas.height, heavy.type]).toEqual([1200, 900, 'image/jpeg']);
  });

  it('sends a GIF, or a file the browser cannot draw, as it is', async () => {
    const decode = vi.fn().mockRejectedValue(new Error('not an image'));
    vi.stubGlobal('createImageBitmap', decode);
    const gif = photo(3 * 1024 * 1024, 'image/gif');
    expect(await shrinkPhoto(gif)).toBe(gif);
    expect(decode).not.toHaveBeenCalled();
    const broken = photo(3 * 1024 * 1024);
    expect(await shrinkPhoto(broken)).toBe(broken);
  });
});
