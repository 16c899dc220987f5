import { Switch } from '@mantine/core';
import { useGoLive } from '../lib/queries/me';

/** The go-live switch of the dashboard and the profile; the page reloads after a change (SPEC §2). */
export function GoLiveSwitch({ isLive, label, description }: { isLive: boolean; label: string; description?: string }) {
  const goLive = useGoLive();
  return (
    <Switch
      checked={goLive.isPending ? !isLive : isLive}
      disabled={goLive.isPending}
      onChange={(e) =>
        goLive.mutate(e.currentTarget.checked, {
          onSuccess: () => window.location.reload(),
        })
      }
      label={label}
      description={description}
      size="md"
    />
  );
}
