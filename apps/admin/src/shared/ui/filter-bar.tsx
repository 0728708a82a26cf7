import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';

const DAY = 'YYYY-MM-DD';

/** A date range filter of Beijing days, read from and written to the `from` and `to` filters of a list. */
export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const value: [Dayjs | null, Dayjs | null] = [from ? dayjs(from) : null, to ? dayjs(to) : null];
  return (
    <Form.Item label="日期" htmlFor="filter-date-from">
      <DatePicker.RangePicker
        id={{ start: 'filter-date-from', end: 'filter-date-to' }}
        value={value}
        allowEmpty={[true, true]}
        placeholder={['开始日期', '结束日期']}
        aria-label="日期范围"
        onChange={(range) => onChange({ from: range?.[0]?.format(DAY) ?? '', to: range?.[1]?.format(DAY) ?? '' })}
      />
    </Form.Item>
  );
}

interface StateFilterProps {
  id: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The list's filters take the chosen state (a list's setFilters). */
  onChange: (next: { state: string }) => void;
}

/** The 状态 filter of a list: one select of its states (a queue's '' is all of them). */
export function StateFilter({ id, value, options, onChange }: StateFilterProps) {
  return (
    <Form.Item label="状态" htmlFor={id}>
      <Select
        id={id}
        value={value}
        options={[...options]}
        onChange={(state) => onChange({ state })}
        style={{ width: 120 }}
      />
    </Form.Item>
  );
}

/** The filters of a list filtered by its state alone. */
export function StateFilterBar(props: StateFilterProps) {
  return (
    <FilterBar>
      <StateFilter {...props} />
    </FilterBar>
  );
}

/** A text filter of a list, applied on Enter or its search button; it starts from the value in the address. */
export function SearchFilter({
  id,
  label,
  value,
  onSearch,
  width,
  placeholder,
  enterButton,
}: {
  id: string;
  label: string;
  value: string;
  onSearch: (text: string) => void;
  width: number;
  placeholder?: string;
  enterButton?: string;
}) {
  return (
    <Form.Item label={label} htmlFor={id}>
      <Input.Search
        id={id}
        placeholder={placeholder}
        defaultValue={value}
        allowClear
        enterButton={enterButton}
        onSearch={onSearch}
        style={{ width }}
      />
    </Form.Item>
  );
}

/** A review queue's filters: its 状态 and the Beijing days its items arrived on. */
export function ReviewQueueFilters({
  id,
  filters,
  options,
  onChange,
}: {
  id: string;
  filters: { state: string; from: string; to: string };
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (next: { state: string } | { from: string; to: string }) => void;
}) {
  return (
    <FilterBar>
      <StateFilter id={id} value={filters.state} options={options} onChange={onChange} />
      <DateRangeFilter from={filters.from} to={filters.to} onChange={onChange} />
    </FilterBar>
  );
}

/**
 * The filters of a list of venue records: its 状态, a 场馆代码 applied on Enter or 查询, and the list's days
 * (`children`). The fields' ids are `<id>-state` and `<id>-venue`.
 */
export function VenueFilterBar({
  id,
  filters,
  options,
  onChange,
  children,
}: {
  id: string;
  filters: { state: string; venue: string };
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (next: { state: string } | { venue: string }) => void;
  children: ReactNode;
}) {
  return (
    <FilterBar>
      <StateFilter id={`${id}-state`} value={filters.state} options={options} onChange={onChange} />
      <SearchFilter
        id={`${id}-venue`}
        label="场馆代码"
        value={filters.venue}
        enterButton="查询"
        onSearch={(venue) => onChange({ venue })}
        width={220}
      />
      {children}
    </FilterBar>
  );
}

/** The 搜索 and 重置 buttons at the end of a search form; 重置 empties the form's fields and the list's filters. */
export function SearchButtons({ onReset }: { onReset: () => void }) {
  return (
    <>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          搜索
        </Button>
      </Form.Item>
      <Form.Item>
        <Button onClick={onReset}>重置</Button>
      </Form.Item>
    </>
  );
}

/** A text field of a search form. */
export function SearchField({
  name,
  label,
  maxLength,
  width,
  placeholder,
}: {
  name: string;
  label: string;
  maxLength: number;
  width: number;
  placeholder?: string;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear maxLength={maxLength} style={{ width }} placeholder={placeholder} />
    </Form.Item>
  );
}

/** A list's search form: its fields in a row, searched with 搜索 and emptied with 重置. */
export function SearchForm<V extends object>({
  form,
  initialValues,
  onFinish,
  onReset,
  children,
}: {
  form: FormInstance<V>;
  initialValues: Partial<V>;
  onFinish: (values: V) => void;
  onReset: () => void;
  children: ReactNode;
}) {
  return (
    <Form form={form} layout="inline" className="console-filters" initialValues={initialValues} onFinish={onFinish}>
      {children}
      <SearchButtons onReset={onReset} />
    </Form>
  );
}

/** The filters above a list: an inline form of labelled fields. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Form layout="inline" className="console-filters" component="div">
      <Space wrap size={[8, 8]}>
        {children}
      </Space>
    </Form>
  );
}
