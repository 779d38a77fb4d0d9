import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCEPTS_CDS_JWT_KEY, ANY_KEY_KEY, IS_PUBLIC_KEY, REQUIRED_SCOPES_KEY } from '@vigil/auth';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export interface RouteEntry {
  method: string;
  path: string;
  public: boolean;
  anyKey: boolean;
  /** Also authenticates with a CDS Hooks JWT. */
  cdsJwt: boolean;
  scopes: string[];
}

/** Every route the app serves with its auth requirements: reviewed as data (a snapshot test guards changes). */
export function routeManifest(app: { get<T>(token: new (...args: never[]) => T, options?: { strict: boolean }): T }): RouteEntry[] {
  const discovery = app.get(DiscoveryService, { strict: false });
  const scanner = app.get(MetadataScanner, { strict: false });
  const reflector = app.get(Reflector, { strict: false });
  const routes: RouteEntry[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper as { instance: object | undefined; metatype: (new (...args: never[]) => unknown) | undefined };
    if (!instance || !metatype) continue;
    const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
    for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
      const handler = (instance as Record<string, unknown>)[name] as object;
      const sub: unknown = Reflect.getMetadata(PATH_METADATA, handler);
      if (sub === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      const path = `/${[base, text(sub)].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/');
      const targets = [handler as () => void, metatype];
      routes.push({
        method,
        path,
        public: reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets) ?? false,
        anyKey: reflector.getAllAndOverride<boolean>(ANY_KEY_KEY, targets) ?? false,
        cdsJwt: reflector.getAllAndOverride<boolean>(ACCEPTS_CDS_JWT_KEY, targets) ?? false,
        scopes: reflector.getAllAndOverride<string[]>(REQUIRED_SCOPES_KEY, targets) ?? [],
      });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
