import { Button, Space, type TableColumnType } from 'antd';

export interface ReviewColumnOptions<T> {
  /** 通过 and 拒绝, as useReviewActions gives them. */
  review: { approve: (row: T) => void; reject: (row: T) => void };
  /** Whether the row still waits for a decision (its buttons show). */
  waiting: (row: T) => boolean;
  /** Who decided, and the note they left, once decided. */
  decidedBy: (row: T) => string | null | undefined;
  note: (row: T) => string | null | undefined;
  title?: string;
}

/**
 * The decision column of a review queue: 通过 and 拒绝 while a row waits, then who decided it and their note. The
 * queues whose approval has extra rules (a second reviewer, one's own adjustment) draw their own.
 */
export function reviewColumn<T>(options: ReviewColumnOptions<T>): TableColumnType<T> {
  return {
    title: options.title ?? '审核',
    width: 170,
    // Kept in sight at the table's right edge whatever the other columns need (a narrower screen scrolls them).
    fixed: 'right',
    render: (_value, row) => {
      if (options.waiting(row)) {
        return (
          <Space>
            <Button type="primary" size="small" onClick={() => options.review.approve(row)}>
              通过
            </Button>
            <Button danger size="small" onClick={() => options.review.reject(row)}>
              拒绝
            </Button>
          </Space>
        );
      }
      const note = options.note(row);
      return <span>{`${options.decidedBy(row) || '-'}${note ? `：${note}` : ''}`}</span>;
    },
  };
}

/** The decision column of a queue whose rows wait in state 1 and keep their reviewer and note (deposits, applications). */
export function reviewedColumn<T extends { state: number; reviewed_by: string; note: string }>(
  review: ReviewColumnOptions<T>['review'],
): TableColumnType<T> {
  return reviewColumn<T>({
    review,
    waiting: (row) => row.state === 1,
    decidedBy: (row) => row.reviewed_by,
    note: (row) => row.note,
  });
}
