"use client";

import { useCallback, useEffect, type ReactNode } from "react";
import Link from "@/components/ui/link";
import type { z } from "zod";
import { formatDiamondCents } from "@/domain/admin-players";
import { formatDateTime } from "@/domain/time";
import { apiFetch } from "@/components/api/api-fetch";
import { ZPlayerExchangesPage, ZPlayerLedgerPage, ZPlayerPacksPage } from "@/domain/schemas/admin-players";
import { KeysetRows, useKeysetList } from "@/components/admin/hub/keyset-list";
import { cardClass, DataTable, tdClass } from "@/components/admin/hub/admin-ui";

/**
 * One paged list of the player page: its own first load, error, empty text and "Load more"; the
 * page is parsed with its answer schema and `itemsOf` (module-level, so stable) picks its rows.
 */
function usePagedList<P extends { nextCursor: string | null }, T extends { id: string }>(
  url: string,
  schema: z.ZodType<P>,
  itemsOf: (page: P) => T[],
  failure: string,
) {
  const fetchPage = useCallback(
    async (cursor: string | null) => {
      const answer = await apiFetch(cursor ? `${url}?cursor=${encodeURIComponent(cursor)}` : url, { schema, fallback: failure });
      return answer.ok ? { items: itemsOf(answer.data), nextCursor: answer.data.nextCursor } : null;
    },
    [url, schema, itemsOf, failure],
  );
  const list = useKeysetList(fetchPage, failure);
  const { reload } = list;
  useEffect(() => void reload(), [reload]);
  return list;
}

function ListSection<T extends { id: string }>(props: {
  title: string;
  list: ReturnType<typeof useKeysetList<T>>;
  empty: string;
  noun: [string, string];
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <section className="grid gap-3" aria-label={props.title}>
      <h2 className="text-xl font-bold">{props.title}</h2>
      <KeysetRows list={props.list} noun={props.noun} empty={props.empty} emptyClassName="py-4" quietOnError>
        {props.children}
      </KeysetRows>
    </section>
  );
}

/**
 * A list's table inside its section: the section is the "{name}" region, so the scroll box is
 * "{name} table" and the table itself "{name}"; wide enough for its columns, it scrolls on a phone.
 */
function SectionTable({ name, columns, children }: { name: string; columns: string[]; children: ReactNode }) {
  return (
    <DataTable label={`${name} table`} tableProps={{ "aria-label": name }} tableClassName="w-full min-w-[44rem] text-sm" columns={columns}>
      {children}
    </DataTable>
  );
}

const RESULT_LABEL: Record<string, string> = { pending: "Pending", won: "Won", lost: "Lost", push: "Push", void: "Void" };
const RESULT_CLASS: Record<string, string> = { won: "text-won", lost: "text-lost" };
const kindLabel = (kind: string) => kind.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
const packsOf = (page: z.output<typeof ZPlayerPacksPage>) => page.packs;
const entriesOf = (page: z.output<typeof ZPlayerLedgerPage>) => page.entries;
const exchangesOf = (page: z.output<typeof ZPlayerExchangesPage>) => page.exchanges;

/** The player's takes by pack, ledger and exchanges on the admin player page (docs/SCREENS.md §3.13). */
export function PlayerLists({ profileId }: { profileId: string }) {
  const base = `/api/admin/profiles/${profileId}`;
  const packs = usePagedList(`${base}/takes`, ZPlayerPacksPage, packsOf, "Failed to load takes");
  const ledger = usePagedList(`${base}/ledger`, ZPlayerLedgerPage, entriesOf, "Failed to load the ledger");
  const exchanges = usePagedList(`${base}/exchanges`, ZPlayerExchangesPage, exchangesOf, "Failed to load exchanges");

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
          <SectionTable name="Ledger" columns={["When", "Kind", "Amount", "Reason", "By"]}>
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
          </SectionTable>
        )}
      </ListSection>

      <ListSection title="Exchanges" list={exchanges} empty="No exchanges." noun={["exchange", "exchanges"]}>
        {(rows) => (
          <SectionTable name="Exchanges" columns={["When", "Item", "Diamonds", "Code"]}>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(new Date(row.createdAt))}</td>
                <td className={tdClass}>{row.itemName}</td>
                <td className={`${tdClass} tabular`}>{row.tokens.toLocaleString("en-US")}</td>
                <td className={`${tdClass} break-all font-mono`}>{row.code ?? "—"}</td>
              </tr>
            ))}
          </SectionTable>
        )}
      </ListSection>
    </div>
  );
}
