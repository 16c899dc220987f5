import type { ApiPath } from '@loyalty/contract';
import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/language';
import { useCan } from '../lib/permissions';
import { getSession } from '../lib/session';
import { toast } from '../lib/toast';

const megabytes = (n: number) => (n / 1_000_000).toFixed(n < 10_000_000 ? 2 : 1);

/**
 * Downloads a CSV export (docs/domain.md, "Exports") with the list's current filters: GET with the
 * token in the Authorization header, the answer read as it streams in (the bytes received so far are
 * shown), then saved as a file. A refusal shows the server's message.
 */
export function ExportButton({
  path,
  filters = {},
}: {
  path: ApiPath;
  filters?: Record<string, string | number | boolean | undefined>;
}) {
  const { t } = useTranslation();
  const [received, setReceived] = useState<number | null>(null);
  const can = useCan();

  const download = async () => {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') query.set(k, String(v));
    const { token } = getSession();
    setReceived(0);
    try {
      const res = await fetch(`/api/${path}${query.size ? `?${query}` : ''}`, {
        headers: { Authorization: `Bearer ${token ?? ''}`, 'Accept-Language': currentLanguage() },
      });
      if (!res.ok || !res.body) {
        const payload = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(payload?.message ?? t('exports.failed'));
      }
      const reader = res.body.getReader();
      const parts: Uint8Array[] = [];
      let total = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        total += value.length;
        setReceived(total);
      }
      const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = path.split('/').pop() ?? 'export.csv';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success('exports.done');
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'exports.failed');
    } finally {
      setReceived(null);
    }
  };

  // a staff member whose permission set has no exports (issue 27) is not offered one
  if (!can('exports')) return null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={received !== null}
        onClick={download}
        data-testid="export-button"
      >
        {t('exports.button')}
      </Button>
      {received !== null && (
        <Text size="xs" c="dimmed" role="status" data-testid="export-progress">
          {t('exports.progress', { mb: megabytes(received) })}
        </Text>
      )}
    </>
  );
}
