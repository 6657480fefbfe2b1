import { lazy, Suspense } from 'react';
import { copy } from '../copy';
import type { BarDatum } from './BarChart';
import styles from './Charts.module.css';

const BarChartModule = lazy(() => import('./BarChart'));

/** A bar chart whose library arrives only when a chart is on screen; the space is kept while it loads. */
export const LazyBarChart = ({ data, label }: { data: readonly BarDatum[]; label: string }) => (
  <Suspense
    fallback={
      <p className={styles.placeholder} style={{ minHeight: Math.max(160, data.length * 36 + 40) }}>
        {copy.dashboard.chartLoading}
      </p>
    }
  >
    <BarChartModule data={data} label={label} />
  </Suspense>
);
