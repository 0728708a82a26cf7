import { type TableColumnsType } from 'antd';
import type { Paginator } from '@h5/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { REVIEW_STATE_OPTIONS, ReviewStateTag } from '../../shared/labels';
import { memberColumn } from '../../shared/table/member-column';
import type { QueueFilters } from '../../shared/table/queue-filters';
import { usePagedList } from '../../shared/table/use-paged-list';
import type { PageRequest } from '../../shared/table/use-paged-table';
import { ReviewQueueFilters } from '../../shared/ui/filter-bar';
import { ListTable } from '../../shared/ui/list-table';
import { PageTitle } from '../../shared/ui/page-title';
import { useReviewActions } from '../../shared/ui/review-actions';
import { reviewColumn } from '../../shared/ui/review-column';

/** What both application queues carry. */
interface Application {
  id: number;
  member_id: number;
  username?: string;
  state: number;
  note: string;
  reviewed_by: string;
  created_at: string;
}

export interface ReviewQueueProps<Row extends Application> {
  title: string;
  what: string;
  queryKey: string;
  fetchPage: (filters: QueueFilters, page: PageRequest, signal: AbortSignal) => Promise<Paginator<Row>>;
  review: {
    approve: (id: number) => Promise<{ message: string }>;
    reject: (id: number, note: string) => Promise<unknown>;
  };
  /** The columns that say what was applied for, between the member and the time. */
  detailColumns: TableColumnsType<Row>;
  describe: (row: Row) => ReactNode;
  invalidate: QueryKey[];
}

/** A queue of member applications: filter by state and date, approve with a confirm, refuse with a reason. */
export function ReviewQueue<Row extends Application>(props: ReviewQueueProps<Row>) {
  const { filters, setFilters, tableProps } = usePagedList({
    name: props.queryKey,
    defaults: { state: '1', from: '', to: '' },
    fetchPage: props.fetchPage,
    emptyText: (f) => (f.state === '1' ? `暂无待审核的${props.what}` : `没有符合条件的${props.what}`),
    refetchInterval: 15_000,
  });
  const review = useReviewActions<Row>({
    what: props.what,
    describe: props.describe,
    approve: (row) => props.review.approve(row.id),
    reject: (row, reason) => props.review.reject(row.id, reason),
    invalidate: [[props.queryKey], ...props.invalidate],
  });
  const columns: TableColumnsType<Row> = [
    { title: '申请ID', dataIndex: 'id', width: 90 },
    memberColumn<Row>(),
    ...props.detailColumns,
    { title: '申请时间', dataIndex: 'created_at', width: 170 },
    { title: '状态', dataIndex: 'state', width: 90, render: (v: number) => <ReviewStateTag state={v} /> },
    reviewColumn<Row>({
      review,
      waiting: (row) => row.state === 1,
      decidedBy: (row) => row.reviewed_by,
      note: (row) => row.note,
    }),
  ];
  return (
    <>
      <PageTitle>{props.title}</PageTitle>
      <ReviewQueueFilters
        id={`${props.queryKey}-state`}
        filters={filters}
        options={REVIEW_STATE_OPTIONS}
        onChange={setFilters}
      />
      <ListTable<Row> label={`${props.title}队列`} columns={columns} width={1000} {...tableProps} />
      {review.dialog}
    </>
  );
}
