import Link from "@/components/ui/link";
import type { ComponentProps, ReactNode } from "react";
import { ArrowLeft } from "lucide-react";
import { LEAGUE_LABELS, SUPPORTED_LEAGUES } from "@/config";
import { formatAdminDateTime } from "@/domain/time";

/** Shared look of admin screens: dense, in cards, with visible labels. */
export const inputClass =
  "min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink placeholder:text-muted focus-visible:outline-accent disabled:opacity-60 aria-[invalid=true]:border-lost";
export const labelClass = "mb-1 block text-sm font-semibold";
export const cardClass = "rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5";
export const tableWrapClass = "relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm";
export const thClass = "sticky top-0 bg-page px-3 py-2 text-left text-xs font-bold uppercase tracking-wide text-muted";
export const tdClass = "border-t border-line px-3 py-2 align-top";

/** A column heading of DataTable: its words, words only screen readers hear, or words with extra classes (`text-right` over a column of numbers). */
type DataTableColumn = string | { hidden: string } | { label: string; className: string };

/**
 * An admin list's table (docs/decisions/047-admin-forms.md): a labelled region a keyboard can
 * scroll (axe's scrollable-region-focusable) and a table named by the same label, the column
 * headings (`columns`, where `{ hidden: "Actions" }` is a heading only screen readers hear; `head`
 * goes first, for headings that hold controls such as a select-all box), then the rows.
 * `wrapClassName` adds to the scrolling box's classes: `max-h-80 overflow-y-auto` makes a box of
 * bounded height that scrolls down under its headings, which stay in view (they are sticky).
 */
export function DataTable({
  label,
  columns,
  head,
  tableClassName = "w-full text-sm",
  wrapClassName,
  tableProps,
  children,
}: {
  label: string;
  columns?: DataTableColumn[];
  head?: ReactNode;
  tableClassName?: string;
  wrapClassName?: string;
  tableProps?: Omit<ComponentProps<"table">, "className" | "children"> & { [data: `data-${string}`]: string };
  children: ReactNode;
}) {
  return (
    <div className={wrapClassName ? `${tableWrapClass} ${wrapClassName}` : tableWrapClass} role="region" aria-label={label} tabIndex={0}>
      <table className={tableClassName} {...tableProps}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {head}
            {columns?.map((column, index) =>
              typeof column === "string" ? (
                <th key={index} scope="col" className={thClass}>
                  {column}
                </th>
              ) : "hidden" in column ? (
                <th key={index} scope="col" className={thClass}>
                  <span className="sr-only">{column.hidden}</span>
                </th>
              ) : (
                <th key={index} scope="col" className={`${thClass} ${column.className}`}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * An admin date and time on two short lines ("Sun, Oct 12, 2025" / "1:00 PM ET"), so a table of
 * several dates fits 1280 px (issue 24: admin tables overflowed); `extra` goes after the time.
 */
export function AdminDateTime({ value, extra }: { value: string | Date | null | undefined; extra?: ReactNode }) {
  if (!value) return <span className="text-muted">—</span>;
  const [day, clock] = formatAdminDateTime(new Date(value)).split(" · ");
  return (
    <span className="tabular">
      <span className="block whitespace-nowrap">{day}</span>
      <span className="block whitespace-nowrap text-muted">
        {clock}
        {extra}
      </span>
    </span>
  );
}

/** H1 of an admin sub-page with "← Back to Admin" above it. */
export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5">
      <Link href="/admin" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-accent hover:underline">
        <ArrowLeft size={16} aria-hidden="true" /> Back to Admin
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
        {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
      </div>
    </div>
  );
}

/** A labelled field; the error is tied to the control through aria-describedby by the caller's id. */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-lost">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The kit's text input (admin look; every other attribute passes through, `ref` included for react-hook-form). */
export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={className ?? inputClass} {...props} />;
}

/** The kit's select. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={className ?? inputClass} {...props} />;
}

/** The kit's multi-line text. */
export function TextArea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={className ?? inputClass} {...props} />;
}

/**
 * A date and time in New York (docs/SCREENS.md §3: admin times are Eastern): a `datetime-local`
 * control whose value is the New York wall-clock "YYYY-MM-DDTHH:mm". Convert with the one module,
 * `src/domain/ny-datetime-input.ts` (`toNyDateTimeInput` for the initial value, `fromNyDateTimeInput`
 * for the instant to send), never by hand; the field's label says "(ET)".
 */
export function DateTimeInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return <input type="datetime-local" step={60} className={className ?? inputClass} {...props} />;
}

/**
 * A select of the leagues we support, from the one list (src/config.ts), never typed out by hand;
 * `allLabel` adds a first choice ("All Leagues") for filters, with the value `allValue` (empty by default).
 */
export function LeagueSelect({
  allLabel,
  allValue = "",
  className,
  ...props
}: Omit<ComponentProps<"select">, "children"> & { allLabel?: string; allValue?: string }) {
  return (
    <select className={className ?? inputClass} {...props}>
      {allLabel !== undefined ? <option value={allValue}>{allLabel}</option> : null}
      <LabelledOptions values={SUPPORTED_LEAGUES} labels={LEAGUE_LABELS} />
    </select>
  );
}

/** An admin list's free-text search and league filter, side by side in its `FilterBar` (packs, props). */
export function SearchAndLeagueFields({
  id,
  searchLabel,
  searchClassName,
  placeholder,
  search,
  onSearch,
  league,
  onLeague,
}: {
  id: string;
  searchLabel: string;
  searchClassName?: string;
  placeholder: string;
  search: string;
  onSearch: (search: string) => void;
  league: string;
  onLeague: (league: string) => void;
}) {
  return (
    <>
      <Field id={`${id}-search`} label={searchLabel} className={searchClassName}>
        <Input id={`${id}-search`} placeholder={placeholder} value={search} onChange={(e) => onSearch(e.target.value)} />
      </Field>
      <Field id={`${id}-league`} label="League">
        <LeagueSelect id={`${id}-league`} allLabel="All Leagues" value={league} onChange={(e) => onLeague(e.target.value)} />
      </Field>
    </>
  );
}

/**
 * An admin list's filters (docs/decisions/047-admin-forms.md): one grid of labelled controls
 * (`Field`s), a search landmark named for what it filters so a screen reader can jump to it.
 */
export function FilterBar({
  label,
  className = "sm:grid-cols-2 lg:grid-cols-4",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="search" aria-label={label} className={`grid gap-3 ${className}`}>
      {children}
    </div>
  );
}

/** A select's options: each value of a list, in its order, shown with its words (leagues, statuses, subjects). */
export function LabelledOptions<V extends string>({ values, labels }: { values: readonly V[]; labels: { readonly [K in V]: string } }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}

/** A select's options from a list of records: each item's value and words by the caller (teams, series, packs, models). */
export function ItemOptions<T>({
  items,
  value,
  label,
}: {
  items: readonly T[];
  value: (item: T) => string;
  label: (item: T) => ReactNode;
}) {
  return items.map((item) => (
    <option key={value(item)} value={value(item)}>
      {label(item)}
    </option>
  ));
}

/** An inline note's roles and colours: an error is an alert, a success a polite status. */
const INLINE_TONES = {
  error: { role: "alert", className: "bg-lost-tint text-lost" },
  success: { role: "status", className: "bg-won-tint text-won" },
} as const;

function InlineNote({ message, tone }: { message: string | null | undefined; tone: keyof typeof INLINE_TONES }) {
  if (!message) return null;
  return (
    <p role={INLINE_TONES[tone].role} className={`rounded-lg px-3 py-2 text-sm font-semibold ${INLINE_TONES[tone].className}`}>
      {message}
    </p>
  );
}

/** A check box with its words beside it, the whole line a 44 px target (the admin lists' filters, a dialog's choices). */
export function CheckboxLabel({ children, ...props }: Omit<ComponentProps<"input">, "type" | "className"> & { children: ReactNode }) {
  return (
    <label className="flex min-h-11 items-center gap-2">
      <input type="checkbox" className="h-5 w-5" {...props} />
      {children}
    </label>
  );
}

/** Red inline error with an icon-free text (announced); null renders nothing. */
export function InlineError({ message }: { message: string | null | undefined }) {
  return <InlineNote message={message} tone="error" />;
}

/** Green inline success, read out politely; null renders nothing. */
export function InlineSuccess({ message }: { message: string | null | undefined }) {
  return <InlineNote message={message} tone="success" />;
}

/** An admin action's outcome: its error or its success; nothing before the first. */
export function InlineOutcome({ message }: { message: { text: string; error: boolean } | null }) {
  return message ? <InlineNote message={message.text} tone={message.error ? "error" : "success"} /> : null;
}
