import type { DashboardFigures } from '@h5/contract';
import type { z } from 'zod';

export type ChartDay = z.output<typeof DashboardFigures>['chart'][number];

/** The chart's lines, shared by the chart and its table (kept apart so the page does not pull in the chart library). */
export const TREND_SERIES: readonly { key: Exclude<keyof ChartDay, 'day'>; name: string; color: string }[] = [
  { key: 'deposits', name: '存款', color: '#1677ff' },
  { key: 'withdrawals', name: '提款', color: '#d46b08' },
  { key: 'ggr', name: '平台盈亏', color: '#389e0d' },
];
