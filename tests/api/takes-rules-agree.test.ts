import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPackClosed, isAcceptingTakes, isComingSoon, isPropOpen, type PackStatus, type PropStatus } from "@/domain/pack-state";
import { AppError } from "@/server/http/app-error";
import { submitTakes } from "@/server/takes/submit-takes";
import { createProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createTestPack, type PropSpec } from "../helpers/packs";

// takes_submit (migration 0008) decides in the database whether a pack and its
// props take picks; src/domain/pack-state.ts defines those rules for every page.
// On each boundary (a millisecond before, at and after an open or close time)
// a submission must be stored or refused exactly as the domain rules say.
beforeAll(createTestDb);
afterAll(closeTestDb);

const NOW = new Date(Date.UTC(2031, 5, 1, 18, 0, 0, 0));
const at = (offsetMs: number | null) => (offsetMs === null ? null : new Date(NOW.getTime() + offsetMs));
const OFFSETS = [null, -1, 0, 1] as const;

async function outcomeOf(submission: Promise<unknown>) {
  try {
    const result = (await submission) as { stored: boolean };
    return { stored: result.stored };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, error: error.userMessage, code: error.extra.code, closedPropIds: error.extra.closedPropIds };
  }
}

describe("the database and the domain rules agree on what takes picks", () => {
  it("on every pack status and every open and close boundary", async () => {
    const player = await createProfile();
    const statuses: PackStatus[] = ["draft", "coming-soon", "open", "live", "graded", "archived"];
    let cases = 0;
    for (const status of statuses) {
      for (const openOffset of OFFSETS) {
        for (const closeOffset of OFFSETS) {
          if (openOffset !== null && closeOffset !== null && openOffset >= closeOffset) continue; // packs_window_order
          const pack = await createTestPack({ status, openTime: at(openOffset), closeTime: at(closeOffset), props: 1 });
          const clock = { status, openTime: at(openOffset), closeTime: at(closeOffset) };
          const outcome = await outcomeOf(
            submitTakes({
              profileId: player.id,
              packURL: pack.packURL,
              takes: [{ propId: pack.props[0]!.id, side: "A" }],
              idempotencyKey: randomUUID(),
              now: NOW,
            }),
          );
          const notYet = isComingSoon(clock, NOW) && !hasPackClosed(clock, NOW);
          const expected =
            status === "draft" || status === "archived"
              ? { status: 404, error: "Pack not found" }
              : isAcceptingTakes(clock, NOW)
                ? { stored: true }
                : {
                    status: 409,
                    error: notYet ? "This pack is not open yet." : "Pack is closed.",
                    code: notYet ? "pack_not_open" : "pack_closed",
                  };
          expect({ case: clock, ...outcome }).toEqual({ case: clock, closedPropIds: undefined, code: undefined, ...expected });
          cases++;
        }
      }
    }
    expect(cases).toBe(6 * 10);
  });

  it("on every prop status and every prop close boundary, alone and all together", async () => {
    const player = await createProfile();
    const statuses: PropStatus[] = ["open", "closed", "gradedA", "gradedB", "push", "void"];
    const specs: PropSpec[] = statuses.flatMap((status) =>
      OFFSETS.map((offset) => ({ status, closeTime: at(offset), shortLabel: `${status} ${offset ?? "none"}` })),
    );
    const pack = await createTestPack({ openTime: at(-60_000), closeTime: at(60_000), props: specs });
    const isOpen = specs.map((spec) => isPropOpen({ status: spec.status!, closeTime: spec.closeTime ?? null }, NOW));
    expect(isOpen.filter(Boolean)).toHaveLength(2);

    for (const [index, prop] of pack.props.entries()) {
      const outcome = await outcomeOf(
        submitTakes({
          profileId: player.id,
          packURL: pack.packURL,
          takes: [{ propId: prop.id, side: "B" }],
          idempotencyKey: randomUUID(),
          now: NOW,
        }),
      );
      expect({ prop: prop.shortLabel, ...outcome }).toEqual(
        isOpen[index]
          ? { prop: prop.shortLabel, stored: true }
          : {
              prop: prop.shortLabel,
              status: 409,
              code: "props_closed",
              closedPropIds: [prop.id],
              error: expect.stringContaining(prop.shortLabel),
            },
      );
    }

    const all = await outcomeOf(
      submitTakes({
        profileId: player.id,
        packURL: pack.packURL,
        takes: pack.props.map((p) => ({ propId: p.id, side: "A" })),
        idempotencyKey: randomUUID(),
        now: NOW,
      }),
    );
    expect(all).toMatchObject({
      status: 409,
      code: "props_closed",
      closedPropIds: pack.props.filter((_, i) => !isOpen[i]).map((p) => p.id),
    });
  });
});
