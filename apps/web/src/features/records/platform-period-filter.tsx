import type { Venue } from '@h5/contract';
import { PERIOD, periodLabel } from '@h5/contract/codes';
import { useState } from 'react';
import { OptionSheet, type SheetOption } from '../../shared/ui/option-sheet';

/** The platform filter's 全部: every venue (sent as an empty api_type). */
export const ALL_PLATFORMS = '';

const PERIOD_OPTIONS: SheetOption<number>[] = Object.entries(PERIOD).map(([code, label]) => ({
  value: Number(code),
  label,
}));

interface PlatformPeriodFilterProps {
  venues: readonly Venue[] | undefined;
  platform: string;
  period: number;
  onPlatform: (platform: string) => void;
  onPeriod: (period: number) => void;
  className?: string;
}

/** The platform and period filters above a record list (bets, rebates), each opening its option sheet. */
export function PlatformPeriodFilter({
  venues,
  platform,
  period,
  onPlatform,
  onPeriod,
  className,
}: PlatformPeriodFilterProps) {
  const [sheet, setSheet] = useState<'platform' | 'period' | null>(null);
  const platformOptions: SheetOption<string>[] = [
    { value: ALL_PLATFORMS, label: '全部' },
    ...(venues ?? []).map((v) => ({ value: v.platname, label: v.name })),
  ];
  const platformName = platformOptions.find((o) => o.value === platform)?.label ?? platform;

  return (
    <>
      <div className={className ? `records-filters ${className}` : 'records-filters'} role="group" aria-label="筛选">
        <button
          type="button"
          className="records-filter"
          aria-label={`平台：${platformName}`}
          aria-haspopup="dialog"
          onClick={() => setSheet('platform')}
        >
          <span className="records-filter-caption">平台</span>
          <span className="records-filter-value">{platformName}</span>
        </button>
        <button
          type="button"
          className="records-filter"
          aria-label={`时间：${periodLabel(period)}`}
          aria-haspopup="dialog"
          onClick={() => setSheet('period')}
        >
          <span className="records-filter-caption">时间</span>
          <span className="records-filter-value">{periodLabel(period)}</span>
        </button>
      </div>
      <OptionSheet
        title="选择平台"
        visible={sheet === 'platform'}
        options={platformOptions}
        value={platform}
        onSelect={onPlatform}
        onClose={() => setSheet(null)}
      />
      <OptionSheet
        title="选择时间"
        visible={sheet === 'period'}
        options={PERIOD_OPTIONS}
        value={period}
        onSelect={onPeriod}
        onClose={() => setSheet(null)}
      />
    </>
  );
}
