/** Settings the server hands to the web app (`GET /api/config`), such as the map tile URL. */
import { useQuery } from '@tanstack/react-query';

export interface AppConfig {
  /** Tile URL template (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`); absent draws no tiles. */
  mapTileUrl?: string;
}

const fetchConfig = async (): Promise<AppConfig> => {
  const res = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!res.ok) return {};
  const body = (await res.json().catch(() => null)) as { data?: AppConfig } | null;
  return body?.data ?? {};
};

/** Never fails: without the settings the app still works (the map shows no tiles). */
export const useAppConfig = () =>
  useQuery({
    queryKey: ['config'],
    queryFn: () => fetchConfig().catch((): AppConfig => ({})),
    staleTime: Number.POSITIVE_INFINITY,
  });
