import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

export interface DailyBarsProps {
  /** One bar per day, `YYYY-MM-DD`, in order; days without a value are left out by the caller. */
  data: { day: string; value: number }[]
  /** How a value reads in the tooltip and on the axis (money in its currency, a count …). */
  format: (value: number) => string
  /** What the chart shows, for screen readers. */
  label: string
}

/**
 * A bar per day. Its own module, loaded with React.lazy by the dashboard: the charting library
 * is fetched only where a chart is shown. Colours are the theme's variables, so it reads in
 * light and dark.
 */
export default function DailyBars({ data, format, label }: DailyBarsProps) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height: 180 }}>
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--gray-a5)" />
          <XAxis
            dataKey="day"
            tickFormatter={(d: string) => d.slice(5)}
            tick={{ fill: 'var(--gray-11)', fontSize: 11 }}
            stroke="var(--gray-a7)"
            minTickGap={16}
          />
          <YAxis
            tickFormatter={format}
            tick={{ fill: 'var(--gray-11)', fontSize: 11 }}
            stroke="var(--gray-a7)"
            width={72}
            allowDecimals={false}
          />
          <Tooltip
            formatter={(v) => format(Number(v))}
            cursor={{ fill: 'var(--gray-a3)' }}
            contentStyle={{
              background: 'var(--color-panel-solid)',
              border: '1px solid var(--gray-a6)',
              color: 'var(--gray-12)',
            }}
          />
          <Bar
            dataKey="value"
            fill="var(--accent-9)"
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
