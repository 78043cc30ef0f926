"use client";

import { useCallback, useEffect, type ReactNode } from "react";
import Link from "@/components/ui/link";
import { formatDiamondCents, type AdminExchangeRow, type AdminLedgerRow, type AdminPlayerPack } from "@/domain/admin-players";
import { formatDateTime } from "@/domain/time";
import { adminFetch } from "@/components/admin/hub/admin-fetch";
import { LoadMoreFooter, useKeysetList } from "@/components/admin/hub/keyset-list";
import { cardClass, InlineError, tableWrapClass, tdClass, thClass } from "@/components/admin/hub/admin-ui";

/** One paged list of the player page: its own first load, error, empty text and "Load more". */
function usePagedList<T extends { id: string }>(url: string, key: string, failure: string) {
  const fetchPage = useCallback(
    async (cursor: string | null) => {
      const answer = await adminFetch<Record<string, unknown> & { nextCursor: string | null }>(cursor ? `${url}?cursor=${encodeURIComponent(cursor)}` : url, { fallback: failure });
      return answer.ok ? { items: answer.data[key] as T[], nextCursor: answer.data.nextCursor } : null;
    },
    [url, key, failure],
  );
  const list = useKeysetList(fetchPage, failure);
  const { reload } = list;
  useEffect(() => void reload(), [reload]);
  return list;
}

function ListSection<T extends { id: string }>(props: {
  title: string;
  list: ReturnType<typeof usePagedList<T>>;
  empty: string;
  noun: [string, string];
  children: (rows: T[]) => ReactNode;
}) {
  const { rows, error, nextCursor, loadingMore, loadMore } = props.list;
  return (
    <section className="grid gap-3" aria-label={props.title}>
      <h2 className="text-xl font-bold">{props.title}</h2>
      <InlineError message={error} />
      {rows === null ? (
        <p role="status" className="text-muted">
          Loading…
        </p>
      ) : rows.length === 0 ? (
        error ? null : <p className="py-4 text-center text-muted">{props.empty}</p>
      ) : (
        props.children(rows)
      )}
      <LoadMoreFooter shown={rows?.length ?? 0} noun={props.noun} hasMore={!!nextCursor} loading={loadingMore} onLoadMore={() => void loadMore()} />
    </section>
  );
}

const RESULT_LABEL: Record<string, string> = { pending: "Pending", won: "Won", lost: "Lost", push: "Push", void: "Void" };
const RESULT_CLASS: Record<string, string> = { won: "text-won", lost: "text-lost" };
const kindLabel = (kind: string) => kind.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());

/** The player's takes by pack, ledger and exchanges on the admin player page (docs/SCREENS.md §3.13). */
export function PlayerLists({ profileId }: { profileId: string }) {
  const base = `/api/admin/profiles/${profileId}`;
  const packs = usePagedList<AdminPlayerPack>(`${base}/takes`, "packs", "Failed to load takes");
  const ledger = usePagedList<AdminLedgerRow>(`${base}/ledger`, "entries", "Failed to load the ledger");
  const exchanges = usePagedList<AdminExchangeRow>(`${base}/exchanges`, "exchanges", "Failed to load exchanges");

  return (
    <div className="grid gap-8">
      <ListSection title="Takes" list={packs} empty="No takes yet." noun={["pack", "packs"]}>
        {(rows) => (
          <ul className="grid gap-3">
            {rows.map((pack) => (
              <li key={pack.id} className={cardClass}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link href={`/packs/${pack.packURL}`} className="font-bold text-accent hover:underline">
                    {pack.title}
                  </Link>
                  <span className="text-sm text-muted">
                    {pack.status} · last take {formatDateTime(new Date(pack.lastTakeAt))}
                  </span>
                </div>
                <ul className="mt-2 grid gap-1 text-sm">
                  {pack.takes.map((take) => (
                    <li key={take.propId} className="flex flex-wrap justify-between gap-x-3 border-t border-line pt-1 first:border-t-0">
                      <span>{take.statement}</span>
                      <span className={`whitespace-nowrap font-semibold ${RESULT_CLASS[take.result] ?? "text-muted"}`}>
                        {RESULT_LABEL[take.result] ?? take.result}
                        {take.points > 0 ? ` · ${take.points.toLocaleString("en-US")} pts` : ""}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </ListSection>

      <ListSection title="Ledger" list={ledger} empty="No ledger entries." noun={["entry", "entries"]}>
        {(rows) => (
          // Focusable: on a phone the table scrolls sideways inside this box, and holds nothing else to focus.
          <div className={tableWrapClass} tabIndex={0} role="region" aria-label={`Ledger table`}>
            <table className="w-full min-w-[44rem] text-sm">
              <caption className="sr-only">Ledger</caption>
              <thead>
                <tr>
                  {["When", "Kind", "Amount", "Reason", "By"].map((h) => (
                    <th key={h} scope="col" className={thClass}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(new Date(row.createdAt))}</td>
                    <td className={`${tdClass} whitespace-nowrap`}>{kindLabel(row.kind)}</td>
                    <td className={`${tdClass} whitespace-nowrap tabular font-semibold ${row.amountCents < 0 ? "text-lost" : "text-won"}`}>
                      {row.amountCents > 0 ? "+" : "−"}
                      {formatDiamondCents(Math.abs(row.amountCents))}
                    </td>
                    <td className={`${tdClass} break-words`}>{row.reason ?? (row.packURL ? `Pack ${row.packURL}` : "—")}</td>
                    <td className={tdClass}>{row.actorHandle ? `@${row.actorHandle}` : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListSection>

      <ListSection title="Exchanges" list={exchanges} empty="No exchanges." noun={["exchange", "exchanges"]}>
        {(rows) => (
          // Focusable: on a phone the table scrolls sideways inside this box, and holds nothing else to focus.
          <div className={tableWrapClass} tabIndex={0} role="region" aria-label={`Exchanges table`}>
            <table className="w-full min-w-[44rem] text-sm">
              <caption className="sr-only">Exchanges</caption>
              <thead>
                <tr>
                  {["When", "Item", "Diamonds", "Code"].map((h) => (
                    <th key={h} scope="col" className={thClass}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(new Date(row.createdAt))}</td>
                    <td className={tdClass}>{row.itemName}</td>
                    <td className={`${tdClass} tabular`}>{row.tokens.toLocaleString("en-US")}</td>
                    <td className={`${tdClass} break-all font-mono`}>{row.code ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListSection>
    </div>
  );
}
