import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPrice, intlLocale } from '../../lib/format';
import { currentLanguage } from '../../lib/language';
import type { HomeData } from './types';

const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** The day of the month under a bar (`24`): seven of them fit a phone's width. */
const dayNumber = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), { day: 'numeric', timeZone: 'UTC' }).format(dateOf(iso));
/** The whole date, for screen readers (`Mon 24 Nov`). */
const dayName = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    dateOf(iso),
  );

function DayBars({
  title,
  days,
  metric,
  color,
  format,
  testId,
}: {
  title: string;
  days: HomeData['days'];
  metric: 'requests' | 'sales';
  color: string;
  format: (n: number) => string;
  testId: string;
}) {
  const rtl = currentLanguage() === 'ar';
  const data = days.map((d) => ({ day: dayNumber(d.date), value: d[metric] }));
  const summary = `${title}: ${days.map((d) => `${dayName(d.date)} ${format(d[metric])}`).join('، ')}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="xs">
        <Title order={3} size="h6">
          {title}
        </Title>
        {/* the days run from the right in Arabic; the SVG text keeps a left-to-right base */}
        <div role="img" aria-label={summary} dir="ltr">
          <BarChart
            h={150}
            data={data}
            dataKey="day"
            series={[{ name: 'value', label: title, color }]}
            withTooltip={false}
            gridAxis="y"
            tickLine="none"
            valueFormatter={(n) => formatNumber(n, undefined, 0)}
            xAxisProps={{ reversed: rtl, interval: 0 }}
            yAxisProps={{
              orientation: rtl ? 'right' : 'left',
              width: 40,
              allowDecimals: false,
              interval: 0,
              tickCount: 4,
            }}
            maxBarWidth={22}
          />
        </div>
      </Stack>
    </Paper>
  );
}

/**
 * The last 7 days across the platform, oldest first: requests and sales, each its own small chart
 * (the reports' chart component, @mantine/charts), described for screen readers.
 */
export function HomeChart({ days }: { days: HomeData['days'] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="home-chart">
      <Title order={2} size="h5">
        {t('operator.home.chartTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DayBars
          title={t('operator.home.requests')}
          days={days}
          metric="requests"
          color="teal.6"
          format={(n) => formatNumber(n)}
          testId="chart-requests"
        />
        <DayBars
          title={t('operator.home.sales')}
          days={days}
          metric="sales"
          color="indigo.5"
          format={formatPrice}
          testId="chart-sales"
        />
      </SimpleGrid>
    </Stack>
  );
}
