import "server-only";
import { sql } from "drizzle-orm";
import { AI_PLAYER_ID, buildPicksPrompt, offlinePick, parseAiPicks, type Side } from "@/domain/ai-player";
import { serverEnv } from "@/env";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { askConfiguredAi, AiRequestError } from "@/server/integrations/ai/chat-completions";
import { log } from "@/server/ops/log";
import { newReceiptId } from "@/server/takes/submit-takes";

/** Props one run picks at most; the next run (a periodic task) picks the rest. */
export const AI_PICKS_PER_RUN = 500;

const SYSTEM_PROMPT =
  "You write short, factual previews of sports games for a prediction game, and you stand by them: you pick a side of every prop.";

interface PickableProp {
  id: string;
  packId: string;
  packTitle: string;
  title: string;
  sideATake: string;
  sideBTake: string;
  sideAValue: number;
  sideBValue: number;
}

/**
 * A prop the AI player can pick now and has not: its pack takes picks (src/domain/pack-state.ts
 * isAcceptingTakes, in SQL), the prop is open and not past its own close, and the AI player has no
 * current take on it. `packFilter` narrows to some packs.
 */
const pickableProps = (now: Date, packIds: readonly string[] | null) => sql`
  select pr.id, pr.pack_id, p.title as pack_title, pr.title, pr.side_a_take, pr.side_b_take, pr.side_a_value, pr.side_b_value
  from packs p
  join props pr on pr.pack_id = p.id
  where p.status in ('coming-soon', 'open')
    and (p.open_time is null or p.open_time <= ${now.toISOString()}::timestamptz)
    and (p.close_time is null or p.close_time > ${now.toISOString()}::timestamptz)
    ${packIds ? sql`and p.id = any(${`{${packIds.join(",")}}`}::uuid[])` : sql``}
    and pr.status = 'open' and (pr.close_time is null or pr.close_time > ${now.toISOString()}::timestamptz)
    and not exists (select 1 from takes t where t.prop_id = pr.id and t.profile_id = ${AI_PLAYER_ID}::uuid and t.is_current)
  order by p.close_time asc nulls last, p.id, pr.position, pr.id
  limit ${AI_PICKS_PER_RUN}`;

const pickableRow = rowShape((r) => ({
  id: r.text("id"),
  packId: r.text("pack_id"),
  packTitle: r.text("pack_title"),
  title: r.text("title"),
  sideATake: r.text("side_a_take"),
  sideBTake: r.text("side_b_take"),
  sideAValue: r.int("side_a_value"),
  sideBValue: r.int("side_b_value"),
}));

/**
 * The AI player picks every prop it can (docs/decisions/069-rivals-and-the-ai-player.md): for each
 * open pack with props it has not picked, the preview writer chooses the sides (the configured
 * OpenAI-compatible server, read strictly, else the offline rule for every prop) outside any
 * transaction, then one transaction per pack, holding a lock on that pack's AI picks, stores the
 * picks still missing as one receipt of ordinary takes at the sides' current values.
 * Idempotent and crash-safe: a prop already picked is never picked again (the check runs under the
 * lock, and takes_one_current_per_profile_prop holds it anyway), and a run that dies before its
 * commit leaves nothing, so the next run (the periodic task, or the next opening) does it all.
 */
export async function pickForAiPlayer(options: { now?: Date; db?: DbOrTx; packIds?: readonly string[] } = {}) {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [bot] = await selectRows(
    db,
    sql`select id from profiles where id = ${AI_PLAYER_ID}::uuid and is_bot`,
    rowShape((r) => ({ id: r.text("id") })),
  );
  if (!bot) return { packs: 0, picks: 0 };
  const pickable = await selectRows(db, pickableProps(now, options.packIds ?? null), pickableRow);
  const byPack = new Map<string, PickableProp[]>();
  for (const prop of pickable) byPack.set(prop.packId, [...(byPack.get(prop.packId) ?? []), prop]);

  let picks = 0;
  for (const [packId, packProps] of byPack) {
    const sides = await chooseSides(packProps);
    picks += await db.transaction(async (tx) => {
      // One picker per pack at a time; a second waits, then finds the picks made and stores nothing.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ai-player-picks:${packId}`}))`);
      const missing = (await selectRows(tx, pickableProps(now, [packId]), pickableRow)).filter((prop) => sides.has(prop.id));
      if (missing.length === 0) return 0;
      const receiptId = newReceiptId();
      await tx.execute(
        sql`insert into receipts (id, profile_id, pack_id, idempotency_key, created_at)
            values (${receiptId}, ${AI_PLAYER_ID}::uuid, ${packId}::uuid, ${`ai-player:${receiptId}`}, ${now.toISOString()}::timestamptz)`,
      );
      const values = sql.join(
        missing.map((prop) => {
          const side = sides.get(prop.id)!;
          const value = side === "A" ? prop.sideAValue : prop.sideBValue;
          return sql`(${AI_PLAYER_ID}::uuid, ${prop.id}::uuid, ${packId}::uuid, ${receiptId}, ${side}, ${value}::int, ${now.toISOString()}::timestamptz)`;
        }),
        sql`, `,
      );
      const inserted = await selectRows(
        tx,
        sql`insert into takes (profile_id, prop_id, pack_id, receipt_id, side, locked_value, created_at) values ${values}
            on conflict (profile_id, prop_id) where is_current do nothing
            returning id`,
        rowShape((r) => ({ id: r.text("id") })),
      );
      return inserted.length;
    });
  }
  if (picks) log("info", "ai player picked", { packs: byPack.size, picks });
  return { packs: byPack.size, picks };
}

/** The sides for one pack's props: the AI server's answer when configured and well formed, else the offline rule. */
async function chooseSides(packProps: PickableProp[]): Promise<Map<string, Side>> {
  const offline = new Map(packProps.map((prop) => [prop.id, offlinePick(prop)] as const));
  const env = serverEnv();
  if (!env.OPENAI_API_KEY) return offline;
  try {
    const text = await askConfiguredAi({
      apiKey: env.OPENAI_API_KEY,
      model: env.OPENAI_DEFAULT_MODEL,
      system: SYSTEM_PROMPT,
      prompt: buildPicksPrompt(packProps[0]!.packTitle, packProps),
      timeoutMs: 15_000,
    });
    const parsed = parseAiPicks(
      text,
      packProps.map((prop) => prop.id),
    );
    if (parsed) return parsed;
    log("warn", "ai picks unreadable, offline rule used", { props: packProps.length });
  } catch (error) {
    log("warn", "ai picks failed, offline rule used", { detail: error instanceof AiRequestError ? error.detail : String(error) });
  }
  return offline;
}
