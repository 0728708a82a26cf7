import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../shared/format';
import { type ChartDay, TREND_SERIES } from './trend-series';

/** Tooltip and legend list the lines in the order of the series, not recharts' default alphabetical one. */
const inSeriesOrder = (name: unknown) => TREND_SERIES.findIndex((s) => s.name === name);

const compact = new Intl.NumberFormat('zh-CN', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The 30-day lines of deposits, withdrawals and GGR. Loaded on its own (React.lazy) so the dashboard paints without
 * waiting for the chart library; the page around it carries the text alternative. The lines are drawn from the
 * amounts as numbers; the tooltip shows the server's strings.
 */
export default function TrendChart({ days }: { days: ChartDay[] }) {
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart data={days} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} minTickGap={16} />
        <YAxis width={64} tickFormatter={(value: number) => compact.format(value)} />
        <Tooltip
          itemSorter={(item) => inSeriesOrder(item.name)}
          formatter={(value, name, item) => {
            const series = TREND_SERIES.find((s) => s.name === name);
            const row = item.payload as ChartDay | undefined;
            return series && row ? formatMoney(row[series.key]) : String(value);
          }}
        />
        <Legend itemSorter={(item) => inSeriesOrder(item.value)} />
        {TREND_SERIES.map((s) => (
          <Line
            key={s.key}
            type="linear"
            name={s.name}
            dataKey={(row: ChartDay) => Number(row[s.key])}
            stroke={s.color}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
