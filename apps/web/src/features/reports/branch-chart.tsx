import type { ChartRow } from '@loyalty/contract';
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/bidi';
import { currentLanguage } from '../../lib/language';
import { localized } from '../../lib/localized';

interface LabelProps {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  height?: number | string;
  value?: number | string | unknown;
}

/** A bar's value, printed just past the bar's end (its left end in Arabic, where the bars grow to the left). */
function valueLabel(props: LabelProps, rtl: boolean, format: (n: number) => string) {
  const x = Number(props.x ?? 0);
  const width = Number(props.width ?? 0);
  const y = Number(props.y ?? 0) + Number(props.height ?? 0) / 2;
  const end = rtl ? Math.min(x, x + width) - 6 : Math.max(x, x + width) + 6;
  return (
    <text x={end} y={y} dy="0.35em" textAnchor={rtl ? 'end' : 'start'} fontSize={12} fill="var(--mantine-color-dimmed)">
      {format(Number(props.value ?? 0))}
    </text>
  );
}

export type Metric =
  | 'countRequests'
  | 'countProductRequests'
  | 'totalRequestsAmountPoints'
  | 'totalProductRequestsAmountPrice';

/**
 * One figure per branch as horizontal bars: branch names stay readable whatever their length, and
 * in Arabic the names sit on the right and the bars grow to the left. Each value is printed on its
 * bar, and the chart is described for screen readers.
 */
export function BranchChart({
  title,
  rows,
  metric,
  color,
  format,
  testId,
}: {
  title: string;
  rows: ChartRow[];
  metric: Metric;
  color: string;
  format: (n: number) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const rtl = currentLanguage() === 'ar';
  const data = rows.map((r) => ({ branch: localized(r, 'branchName'), value: r[metric] }));
  const total = rows.reduce((sum, r) => sum + r[metric], 0);
  const summary = `${title}: ${data.map((d) => `${d.branch} ${format(d.value)}`).join('، ')}`;
  const longest = Math.max(48, ...data.map((d) => d.branch.length * 8 + 12));

  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {/* one branch (a staff member's reports, a merchant with one branch): its total, not "all branches" */}
          {t(rows.length === 1 ? 'reports.totalOne' : 'reports.total')} <Amount>{format(total)}</Amount>
        </Text>
        {/* the layout mirrors through the axes' props; the SVG text keeps a left-to-right base so "12.50 $" reads right */}
        <div role="img" aria-label={summary} dir="ltr">
          <BarChart
            h={Math.max(120, data.length * 48 + 40)}
            data={data}
            dataKey="branch"
            orientation="vertical"
            series={[{ name: 'value', label: title, color }]}
            valueFormatter={format}
            withBarValueLabel
            valueLabelProps={{ content: (props: LabelProps) => valueLabel(props, rtl, format) }}
            gridAxis="none"
            withXAxis={false}
            withTooltip={false}
            yAxisProps={{
              width: Math.min(140, longest),
              orientation: rtl ? 'right' : 'left',
              interval: 0,
              tickMargin: 8,
            }}
            xAxisProps={{ reversed: rtl }}
            barChartProps={{ margin: { left: rtl ? 56 : 8, right: rtl ? 8 : 56, top: 4, bottom: 4 } }}
            maxBarWidth={28}
          />
        </div>
      </Stack>
    </Paper>
  );
}
