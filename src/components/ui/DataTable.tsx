import type { HTMLAttributes, ReactNode } from "react";

/** A table's column: its header, and what each row shows in it. */
export interface Column<Row> {
  /** Tells the columns apart (React's key). */
  id: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** Its cells' classes; its header's too unless `headerClassName` is given. */
  className?: string | ((row: Row) => string);
  headerClassName?: string;
  /** Its cells name their rows (`<th scope="row">`, in the row's normal weight). */
  rowHeader?: boolean;
  /** A cell's other attributes (a `title`). */
  cellProps?(row: Row): HTMLAttributes<HTMLTableCellElement>;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & {
  [data: `data-${string}`]: string | undefined;
};

/** A row ruled off from the one above, as the console's and the credits' tables draw them. */
export const ruledRow = "border-t border-slate-100 dark:border-slate-800";

/**
 * A table of rows under column headers (`<th scope="col">`); `empty` instead when there are
 * no rows. Wide tables scroll in their own box (`scrollClassName`), not the page.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  empty = null,
  caption,
  className,
  scrollClassName,
  headClassName,
  bodyClassName,
  rowClassName,
  rowProps,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  empty?: ReactNode;
  /** Names the table (`<caption>`), for a table that no heading names. */
  caption?: ReactNode;
  className?: string;
  scrollClassName?: string;
  headClassName?: string;
  bodyClassName?: string;
  rowClassName?: string;
  rowProps?(row: Row): RowAttributes;
}) {
  if (rows.length === 0) return <>{empty}</>;
  const table = (
    <table className={className}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className={headClassName}>
        <tr>
          {columns.map((column) => (
            <th key={column.id} scope="col" className={headerClass(column)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={bodyClassName}>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName} {...rowProps?.(row)}>
            {columns.map((column) => {
              const cellClass =
                typeof column.className === "function" ? column.className(row) : column.className;
              const Cell = column.rowHeader ? "th" : "td";
              return (
                <Cell
                  key={column.id}
                  scope={column.rowHeader ? "row" : undefined}
                  className={column.rowHeader ? joined(cellClass, "font-normal") : cellClass}
                  {...column.cellProps?.(row)}
                >
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return scrollClassName ? <div className={scrollClassName}>{table}</div> : table;
}

function headerClass<Row>(column: Column<Row>): string | undefined {
  if (column.headerClassName !== undefined) return column.headerClassName;
  return typeof column.className === "string" ? column.className : undefined;
}

function joined(...classes: (string | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
