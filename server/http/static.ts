/**
 * Serves the built app (vite's dist/) with SPA fallback: every non-API GET path gets index.html. Text files go out
 * brotli- or gzip-compressed when the client accepts it, compressed once per file version and kept in memory. Source
 * maps are never served (they would hand out the sources), and every answer carries the page's Content-Security-Policy.
 */
import { createReadStream, existsSync, readFile, statSync } from 'node:fs';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The one inline script the page runs: `index.html`'s boot script, which sets the skeleton's theme, direction and
 * pair before the first paint. Allowed by its hash alone ('unsafe-inline' stays off); `staticPolicy.test.ts`
 * hashes the script in `index.html` and fails when this no longer matches.
 */
export const BOOT_SCRIPT_HASH = 'sha256-Xg7CeQB62rrUuWc2SIWobbkpYvHbvFiaKcNgxjNK85c=';

/**
 * The page's policy: scripts (and index.html's one hashed boot script), workers and data only from this origin (the
 * hub's SharedWorker and the paint and module workers are same-origin files; `blob:` covers workers a library builds
 * from a Blob), inline styles for React's style props and the chart library, `data:`/`blob:` images for canvas
 * exports, and the socket on this origin ('self' covers ws: to the same host in CSP 3). No 'unsafe-eval': pixi.js is
 * fed `pixi.js/unsafe-eval`-free builds only if it needs none; the e2e test `edge.spec.ts` loads the page under this
 * policy and fails on any violation.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' '${BOOT_SCRIPT_HASH}'`,
  "worker-src 'self' blob:",
  "child-src 'self' blob:",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
} as const;

/** Types worth compressing (images, fonts and audio are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.wasm']);

type Encoding = 'br' | 'gzip';

/** Compressed bodies by file, encoding and version (mtime + size): a rebuilt file is compressed again. */
const compressed = new Map<string, Promise<Buffer>>();

/** The encoding to answer with: brotli first (about 15% smaller than gzip on our JS), then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const offered = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((x) => x !== undefined);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  for (const enc of ['br', 'gzip'] as const) if ((offered.get(enc) ?? 0) > 0) return enc;
  return null;
}

function compress(file: string, enc: Encoding, version: string): Promise<Buffer> {
  const key = `${file}\0${enc}\0${version}`;
  let body = compressed.get(key);
  if (body === undefined) {
    body = new Promise<Buffer>((ok, ko) => {
      readFile(file, (err, raw) => {
        if (err !== null) {
          ko(err);
          return;
        }
        const done = (e: Error | null, out: Buffer): void => {
          if (e === null) ok(out);
          else ko(e);
        };
        // Quality 9: within 3% of brotli's best on these files at a tenth of its time (once per file).
        if (enc === 'br') brotliCompress(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }, done);
        else gzip(raw, { level: 9 }, done);
      });
    });
    body.catch(() => compressed.delete(key));
    compressed.set(key, body);
  }
  return body;
}

/** Serves files from `root`; answers false when the app is not built (so the caller can say so). */
export function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): boolean {
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const file = normalize(join(root, decoded));
  const inside = file === root || file.startsWith(root.endsWith(sep) ? root : root + sep);
  if (extname(file) === '.map') {
    // Source maps stay on disk for local debugging; served, they would hand out the sources.
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
    res.end('Not found\n');
    return true;
  }
  const isFile = inside && existsSync(file) && statSync(file).isFile();
  const target = isFile ? file : index;
  const hashed = isFile && decoded.startsWith('/assets/');
  const headers = {
    'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'accept-encoding',
    ...SECURITY_HEADERS,
  };
  const enc = COMPRESSIBLE.has(extname(target)) ? pickEncoding(req.headers['accept-encoding']) : null;
  if (enc === null) {
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(target).pipe(res);
    return true;
  }
  const st = statSync(target);
  compress(target, enc, `${st.mtimeMs}:${st.size}`).then(
    (body) => {
      res.writeHead(200, { ...headers, 'content-encoding': enc, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
    () => {
      // Compression failed (file gone mid-build): send it as it is.
      res.writeHead(200, headers);
      if (req.method === 'HEAD') res.end();
      else createReadStream(target).pipe(res);
    },
  );
  return true;
}
