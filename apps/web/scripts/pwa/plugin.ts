// The member app, installable: the web app manifest, the icons (drawn from our SVG art by resvg) and the service
// worker (./service-worker.ts), written into the build. The page itself only gains two <link>s in its head; the
// worker is registered from the entry once the page has loaded (src/app/main.tsx).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';
import { serviceWorkerSource } from './service-worker';

/** The theme of our design (src/app/styles.css): the navy the app paints first, behind everything. */
export const THEME_COLOUR = '#0b1530';

const art = (name: string) => readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), name), 'utf8');

export interface Icon {
  file: string;
  size: number;
  /** Which art: the rounded tile, or the full-bleed one whose content stays in the mask's safe zone. */
  art: 'icon.svg' | 'icon-maskable.svg';
  purpose?: 'maskable';
}

/** The sizes Android (192, 512, maskable 512) and iOS (apple-touch-icon, 180) ask for. */
export const ICONS: readonly Icon[] = [
  { file: 'icons/icon-192.png', size: 192, art: 'icon.svg' },
  { file: 'icons/icon-512.png', size: 512, art: 'icon.svg' },
  { file: 'icons/icon-maskable-512.png', size: 512, art: 'icon-maskable.svg', purpose: 'maskable' },
  // iOS rounds the corners itself and shows transparency as black: the full-bleed art.
  { file: 'icons/apple-touch-icon.png', size: 180, art: 'icon-maskable.svg' },
];

export function renderIcon(icon: Icon): Buffer {
  return new Resvg(art(icon.art), { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
}

/** The web app manifest. Paths are relative to it, so the app installs from any path the server mounts it on. */
export function webManifest() {
  return {
    id: './',
    name: '星河体育',
    short_name: '星河体育',
    description: '星河体育：体育赛事、真人娱乐与电子游戏',
    lang: 'zh-CN',
    dir: 'ltr',
    // The hash router's home.
    start_url: './#/',
    scope: './',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOUR,
    background_color: THEME_COLOUR,
    icons: ICONS.filter((icon) => icon.file !== 'icons/apple-touch-icon.png').map((icon) => ({
      src: icon.file,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      ...(icon.purpose ? { purpose: icon.purpose } : {}),
    })),
  };
}

/** What index.html gains: the manifest and the iOS icon and title (iOS reads no icons from the manifest). */
const HEAD_TAGS = [
  { tag: 'link', attrs: { rel: 'manifest', href: './manifest.webmanifest' } },
  { tag: 'link', attrs: { rel: 'apple-touch-icon', href: './icons/apple-touch-icon.png' } },
  { tag: 'meta', attrs: { name: 'apple-mobile-web-app-title', content: '星河体育' } },
] as const;

export function pwa(): Plugin {
  return {
    name: 'member-app-pwa',
    apply: 'build',
    transformIndexHtml: () => HEAD_TAGS.map((t) => ({ ...t, injectTo: 'head' as const })),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const emit = (fileName: string, source: string | Uint8Array) =>
          this.emitFile({ type: 'asset', fileName, source });
        emit('manifest.webmanifest', `${JSON.stringify(webManifest(), null, 2)}\n`);
        const files: Record<string, string | Uint8Array> = {};
        for (const icon of ICONS) {
          const png = renderIcon(icon);
          emit(icon.file, png);
          files[icon.file] = png;
        }
        // The shell's own files: the entry and what it imports, scripts and stylesheets.
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (seen.has(fileName) || !chunk) return;
          seen.add(fileName);
          if (chunk.type === 'asset') {
            files[fileName] = chunk.source;
            return;
          }
          files[fileName] = chunk.code;
          chunk.imports.forEach(visit);
          chunk.viteMetadata?.importedCss.forEach(visit);
        };
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') this.error('index.html missing from the bundle');
        // A new build is a new worker whenever anything the worker keeps has changed.
        const hash = createHash('sha256').update(html.source);
        for (const [name, source] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b)))
          hash.update(name).update(source);
        const version = hash.digest('hex').slice(0, 16);
        emit('sw.js', serviceWorkerSource(version, ['./', 'manifest.webmanifest', ...Object.keys(files)]));
      },
    },
  };
}
