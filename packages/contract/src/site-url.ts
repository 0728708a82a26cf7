/**
 * Addresses operators store for the apps to open or show (banner and image sources, links, the settings' redirect
 * addresses). Browsers are lenient in ways that turn an innocent-looking path into another host: they read `\` as
 * `/` in http(s) URLs (`/\evil.example` is `//evil.example`), drop tabs and newlines anywhere and spaces and control
 * characters at the ends, and some servers and proxies decode `%2F` and `%5C` before routing. So a path is checked
 * as every one of those readers would see it.
 */

/** Tabs, newlines and carriage returns, which the URL parser removes wherever they are. */
const DROPPED = /[\t\n\r]/g;
/** Spaces and C0 controls (code points up to U+0020), which the URL parser strips from both ends. */
const isEdge = (c: string) => c.charCodeAt(0) <= 0x20;
function trimEdges(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isEdge(value[start]!)) start += 1;
  while (end > start && isEdge(value[end - 1]!)) end -= 1;
  return value.slice(start, end);
}
/** Whitespace or a control character anywhere. */
const hasSpaceOrControl = (value: string) =>
  /\s/.test(value) || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The address as decoded once, twice (a proxy then a server), or null when it is not valid percent-encoding. */
function decodings(value: string): string[] | null {
  const out = [value];
  try {
    for (let i = 0; i < 2 && out[out.length - 1]!.includes('%'); i += 1)
      out.push(decodeURIComponent(out[out.length - 1]!));
  } catch {
    return null;
  }
  return out;
}

/**
 * Whether an address may lead the browser to another host than the one it names: any backslash (plain or
 * percent-encoded), or a path that is protocol-relative (`//host`, `/\host`, `\\host`) as browsers or servers read
 * it after dropping tabs, newlines and edge spaces or decoding percent-escapes.
 */
export function hidesAnotherHost(value: string): boolean {
  const forms = decodings(value);
  if (!forms) return true;
  return forms.some((form) => {
    const read = trimEdges(form.replace(DROPPED, ''));
    return read.includes('\\') || read.startsWith('//');
  });
}

/**
 * An address the apps open or show: a path of our own site ('/art/...', never '//host' or '/\host') or an absolute
 * http(s) URL, with no whitespace, control character or backslash anywhere. Anything else (javascript:, data:,
 * relative text) is refused.
 */
export function isSiteUrl(value: string): boolean {
  if (hasSpaceOrControl(value) || hidesAnotherHost(value)) return false;
  if (value.startsWith('/')) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
