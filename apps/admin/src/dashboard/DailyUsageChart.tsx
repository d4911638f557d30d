import { PLANS, type DailyUsage } from '@inkprint/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { planName } from '../lib/format';
import type { AdminDataProvider } from '../providers/data-provider';

export const CHART_DAYS = 14;

/** Plan colours (≥ 3:1 against white, as non-text contrast asks); plans the console does not know are grey. */
const COLOURS = ['#616161', '#00838f', '#1f4e8c', '#2e7d32', '#b26a00', '#7b1fa2'];
const colourOf = (plan: string, plans: readonly string[]) => COLOURS[plans.indexOf(plan) % COLOURS.length] ?? '#616161';

type Metric = 'detections' | 'humanisations';

/** The last `count` UTC days, oldest first, ending today (`YYYY-MM-DD`). */
export function lastDays(count: number, today = new Date()): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Plans in the order of the plan catalogue (free first), then any other plan the API reports. */
export function plansOf(rows: readonly DailyUsage[]): string[] {
  const present = new Set(rows.map((row) => row.plan));
  const known = PLANS.map((plan) => plan.slug as string).filter((slug) => present.has(slug));
  return [...known, ...[...present].filter((plan) => !known.includes(plan)).sort()];
}

const W = 320;
const H = 120;
const TOP = 8;
const BOTTOM = 18;
const LEFT = 28;

function StackedBars({
  metric,
  title,
  days,
  plans,
  rows,
}: {
  metric: Metric;
  title: string;
  days: string[];
  plans: string[];
  rows: readonly DailyUsage[];
}) {
  const value = (day: string, plan: string) => rows.find((row) => row.date === day && row.plan === plan)?.[metric] ?? 0;
  const totals = days.map((day) => plans.reduce((sum, plan) => sum + value(day, plan), 0));
  const max = Math.max(1, ...totals);
  const slot = (W - LEFT) / days.length;
  const scale = (H - TOP - BOTTOM) / max;
  const total = totals.reduce((a, b) => a + b, 0);
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {title} ({total} in {days.length} days)
      </Typography>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-label={`${title} per day over the last ${days.length} days, by plan: ${total} in all, at most ${max} a day.`}
        data-testid={`chart-${metric}`}
        style={{ maxHeight: 180, display: 'block' }}
      >
        <line x1={LEFT} x2={W} y1={H - BOTTOM} y2={H - BOTTOM} stroke="#9e9e9e" strokeWidth={1} />
        <text x={LEFT - 4} y={TOP + 8} textAnchor="end" fontSize={9} fill="#424242">
          {max}
        </text>
        <text x={LEFT - 4} y={H - BOTTOM} textAnchor="end" fontSize={9} fill="#424242">
          0
        </text>
        {days.map((day, i) => {
          let y = H - BOTTOM;
          const x = LEFT + i * slot + slot * 0.15;
          return (
            <g key={day}>
              {plans.map((plan) => {
                const n = value(day, plan);
                if (n === 0) return null;
                const h = n * scale;
                y -= h;
                return (
                  <rect key={plan} x={x} y={y} width={slot * 0.7} height={h} fill={colourOf(plan, plans)}>
                    <title>{`${day} · ${planName(plan)}: ${n} ${metric}`}</title>
                  </rect>
                );
              })}
              {i % 2 === days.length % 2 || i === days.length - 1 ? (
                <text x={x + slot * 0.35} y={H - 5} textAnchor="middle" fontSize={8} fill="#424242">
                  {day.slice(8)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}

/** 14-day chart of daily detections and humanisations by plan (`GET /admin/metrics/daily`), plain SVG. */
export function DailyUsageChart() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const usage = useQuery({
    queryKey: ['admin', 'daily-usage', CHART_DAYS],
    queryFn: () => dataProvider.getDailyUsage(CHART_DAYS),
    retry: false,
  });
  const rows = usage.data ?? [];
  const days = lastDays(CHART_DAYS);
  const plans = plansOf(rows);
  return (
    <Card variant="outlined" component="section" aria-labelledby="daily-usage">
      <CardContent>
        <Typography variant="h6" component="h2" id="daily-usage" gutterBottom>
          Last {CHART_DAYS} days by plan
        </Typography>
        {usage.isError ? (
          <Typography color="text.secondary">Unable to load the daily figures.</Typography>
        ) : usage.isPending ? (
          <Typography color="text.secondary">Loading…</Typography>
        ) : (
          <>
            <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 3 }}>
              <StackedBars metric="detections" title="Detections" days={days} plans={plans} rows={rows} />
              <StackedBars metric="humanisations" title="Humanisations" days={days} plans={plans} rows={rows} />
            </Stack>
            <Stack
              component="ul"
              direction="row"
              aria-label="Plans"
              sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 1 }}
            >
              {plans.length === 0 ? (
                <Typography component="li" variant="body2" color="text.secondary">
                  No detections or humanisations in the last {CHART_DAYS} days.
                </Typography>
              ) : (
                plans.map((plan) => (
                  <Typography
                    component="li"
                    variant="body2"
                    key={plan}
                    sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
                  >
                    <Box
                      component="span"
                      aria-hidden
                      sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: colourOf(plan, plans) }}
                    />
                    {planName(plan)}
                  </Typography>
                ))
              )}
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}
