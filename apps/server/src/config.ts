import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  webDist: string;
  logLevel: string;
  /** Tile URL template for maps, handed to the web app. */
  mapTileUrl: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (login limits use it). */
  trustProxy: boolean;
  /** Served over HTTPS: send Strict-Transport-Security (HSTS=1). Off by default: locally it is plain http. */
  hsts: boolean;
}

const isOn = (v: string | undefined): boolean => v === '1' || v === 'true';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    mapTileUrl: env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    trustProxy: isOn(env.TRUST_PROXY),
    hsts: isOn(env.HSTS),
  };
}
