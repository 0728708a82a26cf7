/** The total above a record list, announced as filters change it. */
export function RecordCount({ total }: { total: number }) {
  return (
    <p className="records-count" aria-live="polite">
      共 {total} 条
    </p>
  );
}
