import type { Language } from '@loyalty/contract/constants';
import type { Tracking } from '@loyalty/contract/tracking';
import { Alert, Anchor, Badge, Center, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Bdi } from '../../components/bidi';
import { LoadingScreen } from '../../components/loading-screen';
import { MapPicker } from '../../components/map-picker';
import { ApiError, api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { setLanguage } from '../../lib/i18n';
import { localized } from '../../lib/localized';
import { TrackTimeline } from './track-timeline';

/** The page's language: `?lang=`, else the browser's (Arabic or English). */
const wantedLanguage = (q: string | null): Language =>
  q === 'ar' || q === 'en' ? q : navigator.language.toLowerCase().startsWith('ar') ? 'ar' : 'en';

/**
 * /t/:token (issue 26, point 4): the public tracking page, no sign-in. The order's timeline, the
 * expected time and the courier's last position on the map, refreshed every 15 s; an unknown or
 * expired link shows a not-found message and nothing else.
 */
export function TrackingPage() {
  const { i18n } = useTranslation();
  const token = useParams().token ?? '';
  const [params] = useSearchParams();
  const lang = wantedLanguage(params.get('lang'));
  useEffect(() => {
    if (i18n.language !== lang) void setLanguage(lang);
  }, [lang, i18n]);
  const query = useQuery({
    queryKey: ['tracking', token, i18n.language],
    queryFn: () => api.call('public/track', { trackToken: token }),
    refetchInterval: 15_000,
    // the page itself says why (the invalid link's message, or the error in place): no toast as well
    meta: { silent: true },
    retry: (n, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && n < 2,
  });
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
    return gone ? <InvalidLink /> : <Alert color="red">{query.error.message}</Alert>;
  }
  return <Track r={query.data} />;
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const other = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <Anchor component={Link} to={`${pathname}?lang=${other}`} size="sm" lang={other} data-testid="track-language">
      {t('tracking.language')}
    </Anchor>
  );
}

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md" component="main" data-testid="track-invalid">
      <Stack align="center" ta="center" gap="sm">
        <Text fz={56} fw={800} c="teal" aria-hidden>
          404
        </Text>
        <Title order={1} size="h3">
          {t('tracking.invalidTitle')}
        </Title>
        <Text c="dimmed">{t('tracking.invalidText')}</Text>
        <LanguageSwitch />
      </Stack>
    </Center>
  );
}

function Track({ r }: { r: Tracking }) {
  const { t } = useTranslation();
  const courier = r.courier;
  return (
    <Container size="sm" p="md" component="main" data-testid="track-page">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={1} size="h3">
            {t('tracking.title')}
          </Title>
          <LanguageSwitch />
        </Group>
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700}>
                <Bdi>{localized(r, 'productName')}</Bdi>
              </Text>
              <Badge variant="light" data-testid="track-status" data-status={r.status}>
                {r.statusText}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              <Bdi>{localized(r, 'branchName')}</Bdi>
            </Text>
            {r.expectedAt && (
              <Text size="sm" data-testid="track-expected">
                {t('tracking.expected')}: {formatDateTime(r.expectedAt)}
                {r.prepMinutes !== null && <> · {t('tracking.prep', { minutes: r.prepMinutes })}</>}
              </Text>
            )}
          </Stack>
        </Paper>
        <TrackTimeline steps={r.steps} />
        {courier ? (
          <Stack gap={4} data-testid="track-courier">
            <MapPicker value={{ lat: courier.lat, long: courier.lng }} label={t('tracking.map')} height={300} />
            <Text size="xs" c="dimmed">
              <IconMapPin size={12} aria-hidden /> {t('tracking.courierAt', { time: formatDateTime(courier.at) })}
            </Text>
          </Stack>
        ) : (
          r.type === 'delivery' && (
            <Text size="sm" c="dimmed" data-testid="track-no-courier">
              {t('tracking.noCourier')}
            </Text>
          )
        )}
        <Text size="xs" c="dimmed">
          {r.expiresAt ? t('tracking.expiresAt', { time: formatDateTime(r.expiresAt) }) : t('tracking.refreshing')}
        </Text>
      </Stack>
    </Container>
  );
}
