import type { Venue } from '@h5/contract';
import { PERIOD, periodLabel } from '@h5/contract/codes';
import { useState } from 'react';
import { apiRoutes } from '@h5/contract/routes';
import { callApi } from '../api/client';
import { useMemberQuery } from '../api/member-query';
import { OptionSheet, type SheetOption } from './option-sheet';

/** The venues of the platform filter (bets, rebates): POST /api/balancelist once (the wallet pages share the cache and poll it). */
export function useFilterPlatforms() {
  return useMemberQuery(['balanceList'], {
    queryFn: () => callApi(apiRoutes.balanceList, {}, { silent: true }),
    staleTime: 5 * 60_000,
  });
}

/** The platform filter's 全部: every venue (sent as an empty api_type). */
export const ALL_PLATFORMS = '';

const PERIOD_OPTIONS: SheetOption<number>[] = Object.entries(PERIOD).map(([code, label]) => ({
  value: Number(code),
  label,
}));

/** What a platform and period filter holds, as the record calls send it. */
export interface PlatformPeriod {
  /** Venue code sent as api_type; ALL_PLATFORMS ('') is every venue (全部). */
  platform: string;
  /** PERIOD code 1..4 sent as date. */
  period: number;
}

interface PlatformPeriodFilterProps extends PlatformPeriod {
  venues: readonly Venue[] | undefined;
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
        <FilterButton caption="平台" value={platformName} onOpen={() => setSheet('platform')} />
        <FilterButton caption="时间" value={periodLabel(period)} onOpen={() => setSheet('period')} />
      </div>
      <OptionSheet
        title="选择平台"
        visible={sheet === 'platform'}
        options={platformOptions}
        value={platform}
        onSelect={onPlatform}
        onClose={() => setSheet(null)}
      />
      <PeriodSheet visible={sheet === 'period'} period={period} onPeriod={onPeriod} onClose={() => setSheet(null)} />
    </>
  );
}

/** A filter of a record list: its caption and current value; opens the filter's option sheet. */
export function FilterButton({ caption, value, onOpen }: { caption: string; value: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="records-filter"
      aria-label={`${caption}：${value}`}
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      <span className="records-filter-caption">{caption}</span>
      <span className="records-filter-value">{value}</span>
    </button>
  );
}

interface PeriodSheetProps {
  visible: boolean;
  period: number;
  onPeriod: (period: number) => void;
  onClose: () => void;
}

/** The period filter's option sheet (今天 ... 近30天). */
export function PeriodSheet({ visible, period, onPeriod, onClose }: PeriodSheetProps) {
  return (
    <OptionSheet
      title="选择时间"
      visible={visible}
      options={PERIOD_OPTIONS}
      value={period}
      onSelect={onPeriod}
      onClose={onClose}
    />
  );
}

/**
 * The state of a platform and period filter (bets, rebates): 全部 venues and the screen's default period at first,
 * with the venues to pick from. `filter` is what PlatformPeriodFilter takes.
 */
export function usePlatformPeriod(defaultPeriod: number) {
  const [platform, setPlatform] = useState(ALL_PLATFORMS);
  const [period, setPeriod] = useState(defaultPeriod);
  const venues = useFilterPlatforms().data;
  const filter = { venues, platform, period, onPlatform: setPlatform, onPeriod: setPeriod };
  return { platform, period, venues, filter };
}
