import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

export interface MinuteBarsProps {
  /** One entry per minute, oldest first: answers without error and errors, stacked. */
  data: { minute: string; label: string; ok: number; errors: number }[]
  names: { ok: string; errors: string }
  /** What the chart shows, for screen readers. */
  label: string
}

/**
 * Requests per minute of the devops dashboard, errors stacked on the rest. Its own module,
 * loaded with React.lazy like DailyBars: the charting library comes only with a chart. Colours
 * are the theme's variables (the error colour is Radix's red), so it reads in light and dark.
 */
export default function MinuteBars({ data, names, label }: MinuteBarsProps) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height: 200 }}>
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 20, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--gray-a5)" />
          <XAxis
            dataKey="label"
            tick={{ fill: 'var(--gray-11)', fontSize: 11 }}
            stroke="var(--gray-a7)"
            minTickGap={24}
          />
          <YAxis
            tick={{ fill: 'var(--gray-11)', fontSize: 11 }}
            stroke="var(--gray-a7)"
            width={48}
            allowDecimals={false}
          />
          <Tooltip
            cursor={{ fill: 'var(--gray-a3)' }}
            contentStyle={{
              background: 'var(--color-panel-solid)',
              border: '1px solid var(--gray-a6)',
              color: 'var(--gray-12)',
            }}
          />
          <Legend wrapperStyle={{ color: 'var(--gray-11)', fontSize: 12 }} />
          <Bar
            dataKey="ok"
            name={names.ok}
            stackId="answers"
            fill="var(--accent-9)"
            isAnimationActive={false}
          />
          <Bar
            dataKey="errors"
            name={names.errors}
            stackId="answers"
            fill="var(--red-9)"
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
