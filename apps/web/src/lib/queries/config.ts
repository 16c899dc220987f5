/** Settings the server hands to the web app (`GET /api/config`): the map tiles and the support contact. */
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';

export interface SupportContact {
  email?: string;
  phone?: string;
}

export interface AppConfig {
  /** Tile URL template (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`); absent draws no tiles. */
  mapTileUrl?: string;
  /** The operator's support contact (activate-account screen); absent shows none. */
  support?: SupportContact;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Reads only what it knows, so a server without a field (or with a wrong one) leaves it out. */
export const readConfig = (raw: unknown): AppConfig => {
  const data = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const support = data.support && typeof data.support === 'object' ? (data.support as Record<string, unknown>) : {};
  const email = text(support.email);
  const phone = text(support.phone);
  return {
    mapTileUrl: text(data.mapTileUrl),
    support: email || phone ? { ...(email ? { email } : {}), ...(phone ? { phone } : {}) } : undefined,
  };
};

const fetchConfig = async (): Promise<AppConfig> => {
  const res = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!res.ok) return {};
  const body = (await res.json().catch(() => null)) as { data?: unknown } | null;
  return readConfig(body?.data);
};

/** Never fails: without the settings the app still works (no map tiles, no support contact). */
export const useAppConfig = () =>
  useQuery({
    queryKey: queryKeys.config.all,
    queryFn: () => fetchConfig().catch((): AppConfig => ({})),
    staleTime: Number.POSITIVE_INFINITY,
  });
