import { Bar, BarChart as Chart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface BarDatum {
  label: string;
  value: number;
}

/**
 * A horizontal bar chart (recharts). Loaded lazily (see Charts.tsx), so recharts and d3 weigh only on the
 * pages that draw one. The chart is a picture of numbers a table beside it also gives: it is one image to
 * assistive technology, named by `label`, and the table is what they read.
 */
const BarChart = ({ data, label, color = 'var(--color-primary)' }: { data: readonly BarDatum[]; label: string; color?: string }) => (
  <figure role="img" aria-label={label} style={{ margin: 0, width: '100%', height: Math.max(160, data.length * 36 + 40) }}>
    <ResponsiveContainer width="100%" height="100%">
      <Chart data={[...data]} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="label" width={120} tick={{ fontSize: 12 }} />
        <Tooltip cursor={{ fillOpacity: 0.1 }} />
        <Bar dataKey="value" name="Count" fill={color} radius={[0, 4, 4, 0]} isAnimationActive={false} />
      </Chart>
    </ResponsiveContainer>
  </figure>
);

export default BarChart;
