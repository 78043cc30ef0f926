import type { ReactNode } from "react";

export interface ScrollTableColumn {
  label: ReactNode;
  className?: string;
}

/** A table's header row, one column head (scope="col") per column. */
export function TableHead({
  columns,
  className,
  rowClassName,
}: {
  columns: ScrollTableColumn[];
  className?: string;
  rowClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A player-facing table that scrolls sideways on a narrow screen inside a labelled region the
 * keyboard can reach (tabIndex 0: WCAG 2.1.1, a scrolling area must be scrollable without a mouse),
 * its header row written from `columns`. The body rows are the caller's.
 */
export function ScrollTable({
  label,
  columns,
  caption = false,
  className = "",
  tableClassName = "w-full text-left text-sm",
  headClassName = "text-xs font-bold uppercase tracking-wide text-muted",
  headRowClassName,
  foot,
  children,
}: {
  label: string;
  columns: ScrollTableColumn[];
  /** Also name the table itself with a visually hidden caption. */
  caption?: boolean;
  className?: string;
  tableClassName?: string;
  headClassName?: string;
  headRowClassName?: string;
  /** A <tfoot> (totals) under the body. */
  foot?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`relative overflow-x-auto ${className}`}>
      <table className={tableClassName}>
        {caption ? <caption className="sr-only">{label}</caption> : null}
        <TableHead columns={columns} className={headClassName} rowClassName={headRowClassName} />
        <tbody>{children}</tbody>
        {foot}
      </table>
    </div>
  );
}
