import type { Paginator } from '@h5/contract';
import { Button, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { REVIEW_STATE_OPTIONS } from '../labels';
import type { QueueFilters } from '../table/queue-filters';
import { usePagedList } from '../table/use-paged-list';
import type { PageRequest } from '../table/use-paged-table';
import { ReviewQueueFilters } from './filter-bar';
import { ListTable } from './list-table';
import { PageTitle } from './page-title';

/** A queue is polled so that items arriving while an operator works it show up without a reload. */
export const QUEUE_POLL_MS = 15_000;

/** Where every review queue starts: the items waiting for a decision (state 1), from any day. */
const WAITING: QueueFilters = { state: '1', from: '', to: '' };

/**
 * A review queue's rows (deposits, withdrawals, applications): filtered by state and day in the address, waiting
 * items first, polled. `what` names the items in the empty list's words.
 */
export function useReviewQueueList<Row>(
  name: string,
  fetchPage: (filters: QueueFilters, page: PageRequest, signal: AbortSignal) => Promise<Paginator<Row>>,
  what: string,
) {
  return usePagedList({
    name,
    defaults: WAITING,
    fetchPage,
    emptyText: (f) => (f.state === '1' ? `暂无待审核的${what}` : `没有符合条件的${what}`),
    refetchInterval: QUEUE_POLL_MS,
  });
}

export interface ReviewQueueFrameProps<Row> {
  /** The page's title; the table is named after it (存款审核 → 存款审核队列). */
  title: string;
  titleExtra?: ReactNode;
  /** The id of the 状态 select. */
  stateId: string;
  list: Pick<ReturnType<typeof useReviewQueueList<Row>>, 'filters' | 'setFilters' | 'tableProps'>;
  columns: TableColumnsType<Row>;
  /** Columns wider than this scroll sideways. */
  width: number;
  /** The approve and reject dialogs of useReviewActions. */
  dialog: ReactNode;
  /** What the page shows below the queue. */
  children?: ReactNode;
}

/** A review queue's page: its title, the state and day filters, the paged table and the review dialogs. */
export function ReviewQueueFrame<Row extends object>(props: ReviewQueueFrameProps<Row>) {
  const { list } = props;
  const tableProps: TableProps<Row> = list.tableProps;
  return (
    <>
      <PageTitle extra={props.titleExtra}>{props.title}</PageTitle>
      <ReviewQueueFilters
        id={props.stateId}
        filters={list.filters}
        options={REVIEW_STATE_OPTIONS}
        onChange={list.setFilters}
      />
      <ListTable<Row> label={`${props.title}队列`} columns={props.columns} width={props.width} {...tableProps} />
      {props.dialog}
      {props.children}
    </>
  );
}

/**
 * A waiting item's 通过 (复核通过 for the second review) and 拒绝. The operator who gave the first approval sees 通过
 * disabled, with the reason: the second must come from someone else (the server refuses it too).
 */
export function ApproveButton(props: { mine: boolean; secondReview: boolean; onApprove: () => void }) {
  if (props.mine) {
    return (
      <Tooltip title="复核须由另一位操作员完成">
        <Button type="primary" size="small" disabled>
          通过
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button type="primary" size="small" onClick={props.onApprove}>
      {props.secondReview ? '复核通过' : '通过'}
    </Button>
  );
}

/** 拒绝 of a waiting item. */
export function RejectButton(props: { onReject: () => void }) {
  return (
    <Button danger size="small" onClick={props.onReject}>
      拒绝
    </Button>
  );
}
