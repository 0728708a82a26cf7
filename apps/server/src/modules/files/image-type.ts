/**
 * What an uploaded file is, told by its first bytes alone: the name and the type the browser declares are the
 * sender's word and are never read. Answers the stored extension of a raster image, 'svg' for SVG (which uploads
 * refuse: an SVG served from our origin could run script), or null for anything else.
 */
export type SniffedImage = 'png' | 'jpg' | 'gif' | 'webp';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffImage(data: Buffer): SniffedImage | 'svg' | null {
  if (data.length >= PNG.length && data.subarray(0, PNG.length).equals(PNG)) return 'png';
  // JPEG: SOI then the first marker (FF D8 FF).
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  const head6 = data.subarray(0, 6).toString('latin1');
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  // WebP: a RIFF container whose form type is WEBP.
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  if (looksLikeSvg(data)) return 'svg';
  return null;
}

/** XML or markup whose first element (past a prolog, comments and a doctype) is `<svg`, in UTF-8 or UTF-16. */
function looksLikeSvg(data: Buffer): boolean {
  let text: string;
  const utf16 = () => {
    const body = data.subarray(2, 4098);
    return Buffer.from(body.subarray(0, body.length - (body.length % 2)));
  };
  if (data[0] === 0xff && data[1] === 0xfe) text = utf16().toString('utf16le');
  else if (data[0] === 0xfe && data[1] === 0xff) text = utf16().swap16().toString('utf16le');
  else text = data.subarray(0, 4096).toString('utf8');
  text = text.replace(/^\uFEFF/, '').trimStart();
  // Skip what may come before the root element.
  for (;;) {
    const skipped = text.replace(/^(<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)\s*/i, '');
    if (skipped === text) break;
    text = skipped;
  }
  return /^<(svg:)?svg[\s>/]/i.test(text);
}

/** The content type a stored image of each kind is served with. */
export const IMAGE_CONTENT_TYPE = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const satisfies Record<SniffedImage, string>;
