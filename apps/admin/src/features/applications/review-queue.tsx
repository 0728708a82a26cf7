import { type TableColumnsType } from 'antd';
import type { Paginator } from '@h5/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ReviewStateTag } from '../../shared/labels';
import { memberColumn } from '../../shared/table/columns';
import type { QueueFilters } from '../../shared/table/queue-filters';
import type { PageRequest } from '../../shared/table/use-paged-table';
import { ReviewQueueFrame, useReviewQueueList } from '../../shared/ui/review-queue-frame';
import { useReviewActions } from '../../shared/ui/review-actions';
import { reviewedColumn } from '../../shared/ui/review-column';

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
  /** The page's title, which also names the items (优惠申请). */
  title: string;
  /** The queue's endpoint name (its query key), its rows and its decisions. */
  queue: {
    name: string;
    fetchPage: (filters: QueueFilters, page: PageRequest, signal: AbortSignal) => Promise<Paginator<Row>>;
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
  const { title, queue } = props;
  const list = useReviewQueueList(queue.name, queue.fetchPage, title);
  const review = useReviewActions<Row>({
    what: title,
    describe: props.describe,
    approve: (row) => queue.approve(row.id),
    reject: (row, reason) => queue.reject(row.id, reason),
    invalidate: [[queue.name], ...props.invalidate],
  });
  const columns: TableColumnsType<Row> = [
    { title: '申请ID', dataIndex: 'id', width: 90 },
    memberColumn<Row>(),
    ...props.detailColumns,
    { title: '申请时间', dataIndex: 'created_at', width: 170 },
    { title: '状态', dataIndex: 'state', width: 90, render: (v: number) => <ReviewStateTag state={v} /> },
    reviewedColumn<Row>(review),
  ];
  return (
    <ReviewQueueFrame
      title={title}
      stateId={`${queue.name}-state`}
      list={list}
      columns={columns}
      width={1000}
      dialog={review.dialog}
    />
  );
}
