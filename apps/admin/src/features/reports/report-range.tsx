import { REPORT_MAX_DAYS } from '@h5/contract';
import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { DayRange } from './api';

const DAY = 'YYYY-MM-DD';
const BEIJING_OFFSET_MS = 8 * 3600_000;

/** Today in Beijing ('YYYY-MM-DD'), whatever the time zone of the operator's computer. */
export function beijingToday(now = Date.now()): string {
  return new Date(now + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last 7 Beijing days, today included: what a report shows until the operator picks a range. */
export function lastSevenDays(now = Date.now()): DayRange {
  const today = dayjs(beijingToday(now));
  return { from: today.subtract(6, 'day').format(DAY), to: today.format(DAY) };
}

/** Whether `day` would make a range starting (or ending) at `end` longer than the server accepts. */
export const beyondServerRange = (day: Dayjs, end: Dayjs) => Math.abs(day.diff(end, 'day')) >= REPORT_MAX_DAYS;

/** A day of the range as the picker's value; a day that does not exist ('2026-02-30') shows as empty. */
const day = (text: string): Dayjs | null => {
  const value = dayjs(text);
  return value.isValid() && value.format(DAY) === text ? value : null;
};

/**
 * The report's range of Beijing days: up to today, and never longer than the server accepts (REPORT_MAX_DAYS, both
 * ends included). A range typed into the address is sent as it is, so the server's refusal is what the operator reads.
 */
export function ReportRange({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const today = dayjs(beijingToday());
  const ago = (days: number): [Dayjs, Dayjs] => [today.subtract(days - 1, 'day'), today];
  return (
    <Form.Item label="日期" htmlFor="report-from">
      <DatePicker.RangePicker
        id={{ start: 'report-from', end: 'report-to' }}
        aria-label="报表日期范围"
        value={[day(value.from), day(value.to)]}
        allowClear={false}
        maxDate={today}
        // Once one end is picked, days that would make the range longer than the server accepts are greyed out.
        disabledDate={(current, { from }) => !!from && beyondServerRange(current, from)}
        presets={[
          { label: '今天', value: ago(1) },
          { label: '昨天', value: [today.subtract(1, 'day'), today.subtract(1, 'day')] },
          { label: '近7天', value: ago(7) },
          { label: '近30天', value: ago(30) },
          { label: '本月', value: [today.startOf('month'), today] },
          {
            label: '上月',
            value: [today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month')],
          },
        ]}
        onChange={(range) => {
          const [from, to] = range ?? [];
          if (from && to) onChange({ from: from.format(DAY), to: to.format(DAY) });
        }}
      />
    </Form.Item>
  );
}
