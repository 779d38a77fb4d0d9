import { Injectable, type OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

export interface DashboardAsset {
  body: Buffer;
  contentType: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
};

/**
 * The dashboard's static files (plain ES modules, CSS, SVG), read once at boot into memory: a fixed set of
 * URL paths, so no request path ever reaches the file system. They live in `src/dashboard/web` and are used from
 * there by both `src` (tests) and `dist` (no copy step); a `web` folder beside the compiled module wins if present.
 */
@Injectable()
export class DashboardAssetsService implements OnModuleInit {
  private readonly assets = new Map<string, DashboardAsset>();

  static webRoot(): string {
    const candidates = [join(__dirname, 'web'), join(__dirname, '..', '..', 'src', 'dashboard', 'web')];
    const found = candidates.find((c) => existsSync(join(c, 'index.html')));
    if (!found) throw new Error(`dashboard files not found (looked in ${candidates.join(', ')})`);
    return found;
  }

  onModuleInit(): void {
    const root = DashboardAssetsService.webRoot();
    for (const file of walk(root)) {
      const type = TYPES[extname(file)];
      if (!type) continue;
      const body = readFileSync(file);
      const urlPath = relative(root, file).split(sep).join('/');
      this.assets.set(urlPath, { body, contentType: type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` });
    }
  }

  /** `index.html`, `app.css`, `js/pages/keys-page.js`…; undefined for anything else. */
  get(path: string): DashboardAsset | undefined {
    return this.assets.get(path);
  }

  paths(): string[] {
    return [...this.assets.keys()].sort();
  }
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}
