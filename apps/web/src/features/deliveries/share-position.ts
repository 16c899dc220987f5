/**
 * The courier shares their position while a delivery is open (issue 26, point 4): with the
 * browser's consent (the geolocation prompt), at once on opening the delivery and then every 30 s,
 * stopped when the delivery is done or the screen is left. A failed send is not retried: the next
 * fix replaces it.
 */
import { TRACKING } from '@loyalty/contract/tracking';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

export type ShareState = 'off' | 'sharing' | 'denied' | 'unavailable';

export function useSharePosition(id: number, open: boolean, everyMs: number = TRACKING.shareEveryMs): ShareState {
  const [state, setState] = useState<ShareState>('off');
  useEffect(() => {
    if (!open) {
      setState('off');
      return;
    }
    if (!('geolocation' in navigator)) {
      setState('unavailable');
      return;
    }
    let stopped = false;
    const send = (p: GeolocationPosition) => {
      if (stopped) return;
      setState('sharing');
      const { latitude, longitude, accuracy } = p.coords;
      api
        .call('merchantUser/product/req/position', {
          id,
          lat: latitude,
          lng: longitude,
          ...(Number.isFinite(accuracy) && { accuracy: Math.min(accuracy, TRACKING.accuracyMax) }),
        })
        .catch(() => undefined);
    };
    const fail = (e: GeolocationPositionError) => {
      if (!stopped) setState(e.code === e.PERMISSION_DENIED ? 'denied' : 'unavailable');
    };
    const ask = () =>
      navigator.geolocation.getCurrentPosition(send, fail, { enableHighAccuracy: true, timeout: 20_000 });
    ask();
    const timer = window.setInterval(ask, everyMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [id, open, everyMs]);
  return state;
}
