// Issue 41 item 2 (docs/decisions/065-status-follows-the-clock.md): a prop closes at its own close
// time and a pack at its own, by themselves, and every screen's reader says the same thing at the
// same moment: the admin props list, the grading queue, the grade page and the player's pack page.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ZPropsQuery } from "@/domain/schemas/authoring-requests";
import { listProps } from "@/server/authoring/list-props";
import { listGradingQueue } from "@/server/grading/list-grading-queue";
import { getPackForGrading } from "@/server/grading/get-props-for-grading";
import { getPackPage } from "@/server/packs/get-pack-page";
import { getDb } from "@/server/db/client";
import { props } from "@/server/db/schema";
import { eq } from "drizzle-orm";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createPack, type TestPack } from "../helpers/grading-fixtures";

const HOUR = 3_600_000;
const start = new Date("2030-01-05T17:00:00.000Z");
const at = (hours: number) => new Date(start.getTime() + hours * HOUR);
let pack: TestPack;

beforeAll(async () => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
  // Open from an hour before `start`, closing two hours after; the early prop closes itself after one hour.
  pack = await createPack({ status: "open", openTime: at(-1), closeTime: at(2), props: [{ shortLabel: "Early" }, { shortLabel: "Late" }] });
  await (
    await getDb()
  )
    .update(props)
    .set({ closeTime: at(1) })
    .where(eq(props.id, pack.props[0]!.id));
});
afterAll(closeTestDb);

/** What each screen says of each prop at `now`: "open" or "closed" (or absent from a list that shows only closed ones). */
async function everyReader(now: Date) {
  const [early, late] = pack.props.map((p) => p.id) as [string, string];
  const list = await listProps({ ...ZPropsQuery.parse({ packId: pack.id }), now });
  const openView = await listProps({ ...ZPropsQuery.parse({ view: "open", packId: pack.id }), now });
  const queue = (await listGradingQueue({ now, limit: 500 })).items.filter((p) => p.packURL === pack.packUrl);
  const gradePage = await getPackForGrading({ packURL: pack.packUrl, now });
  const playerPage = await getPackPage({ packURL: pack.packUrl, now });
  const from = (id: string) => ({
    propsList: list.props.find((p) => p.propID === id)!.status,
    propsListOpenView: openView.props.some((p) => p.propID === id) ? "open" : "closed",
    gradingQueue: queue.find((p) => p.propId === id)?.status ?? "open (not in the queue yet)",
    gradePage: gradePage!.props.find((p) => p.propId === id)!.status,
    playerPage: playerPage.props.find((p) => p.id === id)!.open ? "open" : "closed",
  });
  return { early: from(early), late: from(late), packChip: playerPage.chip, gradePageState: gradePage!.state };
}

const everywhere = (status: "open" | "closed") => ({
  propsList: status,
  propsListOpenView: status,
  gradingQueue: status === "open" ? "open (not in the queue yet)" : "closed",
  gradePage: status,
  playerPage: status,
});

describe("status follows the clock", () => {
  it("says both props are open everywhere before any close time", async () => {
    const state = await everyReader(at(0));
    expect(state.early).toEqual(everywhere("open"));
    expect(state.late).toEqual(everywhere("open"));
    expect(state.packChip).toBe("Active");
  });

  it("says the early prop is closed on every screen the moment its own close time passes, while the pack still takes the other", async () => {
    const state = await everyReader(at(1));
    expect(state.early).toEqual(everywhere("closed"));
    expect(state.late).toEqual(everywhere("open"));
    expect(state.packChip).toBe("Active");
  });

  it("says every prop is closed everywhere once the pack's close time passes, with no one pressing anything", async () => {
    const state = await everyReader(at(2));
    expect(state.early).toEqual(everywhere("closed"));
    expect(state.late).toEqual(everywhere("closed"));
    expect(state.packChip).not.toBe("Active");
    expect(state.gradePageState).toBe(state.packChip);
    // Nothing was written: the clock decided (decision 065).
    const stored = await (await getDb()).select({ status: props.status }).from(props).where(eq(props.packId, pack.id));
    expect(stored.map((p) => p.status)).toEqual(["open", "open"]);
  });

  it("filters the props list by the status the clock gives, as the rows show it", async () => {
    const closed = await listProps({ ...ZPropsQuery.parse({ packId: pack.id, status: "closed" }), now: at(1) });
    expect(closed.props.map((p) => p.propShort)).toEqual(["Early"]);
    expect(closed.props[0]!.closedByClock).toBe(true);
  });
});
