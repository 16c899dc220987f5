/** Settings the server hands to the web app (`GET /api/config`): the map tiles, the support contact, the vitals' sample. */
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
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
  /** The share of page views that report their web vitals (lib/vitals.ts); absent reports none. */
  vitalsSampleRate?: number;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Reads only what it knows, so a server without a field (or with a wrong one) leaves it out. */
export const readConfig = (raw: unknown): AppConfig => {
  const data = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const support = data.support && typeof data.support === 'object' ? (data.support as Record<string, unknown>) : {};
  const email = text(support.email);
  const phone = text(support.phone);
  const rate = data.vitalsSampleRate;
  return {
    mapTileUrl: text(data.mapTileUrl),
    support: email || phone ? { ...(email ? { email } : {}), ...(phone ? { phone } : {}) } : undefined,
    vitalsSampleRate: typeof rate === 'number' && rate >= 0 && rate <= 1 ? rate : undefined,
  };
};

const fetchConfig = async (): Promise<AppConfig> => {
  const res = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!res.ok) return {};
  const body = (await res.json().catch(() => null)) as { data?: unknown } | null;
  return readConfig(body?.data);
};

const configQuery = {
  queryKey: queryKeys.config.all,
  queryFn: () => fetchConfig().catch((): AppConfig => ({})),
  staleTime: Number.POSITIVE_INFINITY,
};

/** Never fails: without the settings the app still works (no map tiles, no support contact). */
export const useAppConfig = () => useQuery(configQuery);

/** The same settings outside a component (one request for both). */
export const loadAppConfig = (): Promise<AppConfig> => queryClient.fetchQuery(configQuery);
