/**
 * Newer and Older under a list read a page at a time (the credit activity, the console's
 * audit); nothing when there is one page.
 */
export function NewerOlder({
  page,
  hasMore,
  onPage,
  newer,
  older,
  className,
}: {
  page: number;
  hasMore: boolean;
  onPage(page: number): void;
  newer: string;
  older: string;
  className: string;
}) {
  if (page === 1 && !hasMore) return null;
  const button = "underline disabled:opacity-40";
  return (
    <div className={className}>
      <button
        type="button"
        className={button}
        disabled={page === 1}
        onClick={() => onPage(page - 1)}
      >
        {newer}
      </button>
      <button type="button" className={button} disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {older}
      </button>
    </div>
  );
}
