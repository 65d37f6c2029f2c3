// The chart library and its styles come with the usage tab's chart, not with the admin screen.
import '@mantine/charts/styles.css';
import { BarChart, type BarChartProps } from '@mantine/charts';

export default function UsageChart(props: BarChartProps) {
  return <BarChart {...props} />;
}
