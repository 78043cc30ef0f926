import { describe, expect, it } from "vitest";
import {
  PROGRESS_PACKS_MAX,
  ZLeaderboardQuery,
  ZNotifyPackSubmittedRequest,
  ZPackProgressQuery,
  ZPacksQuery,
  ZPackUserTakesQuery,
  ZProfileQuery,
  ZReceiptResolveQuery,
  ZSendCodeRequest,
  ZSubmitTakesRequest,
  ZUpdateUsernameRequest,
  ZUserTakesQuery,
} from "./player-requests";

const PROP = "6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const OTHER = "0b7c3f43-51a8-4f4b-9d8c-1c2b3a4d5e6f";

/** The first issue's message, or null when the input passes. */
function refusal(
  schema: { safeParse: (input: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  input: unknown,
) {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : (parsed.error?.issues[0]?.message ?? null);
}

describe("ZPacksQuery", () => {
  it("reads the view in any case and with - or _ for the space, all by default", () => {
    expect(ZPacksQuery.parse({}).view).toBe("all");
    expect(ZPacksQuery.parse({ view: "Coming_Soon" }).view).toBe("coming soon");
    expect(ZPacksQuery.parse({ view: "OPEN" }).view).toBe("open");
  });

  it("reads a day in any accepted spelling", () => {
    expect(ZPacksQuery.parse({ date: "251105" }).date).toBe("2025-11-05");
  });

  it.each([
    [{ view: "later" }, "Unknown view"],
    [{ league: "cricket" }, "Unsupported league"],
    [{ date: "2025-02-30" }, "Invalid date"],
    [{ limit: "0" }, "Invalid limit"],
    [{ limit: "201" }, "Invalid limit"],
    [{ limit: "1.5" }, "Invalid limit"],
    [{ cursor: "a/b" }, "Invalid cursor"],
  ])("refuses %j with %j", (input, message) => {
    expect(refusal(ZPacksQuery, input)).toBe(message);
  });
});

describe("ZPackProgressQuery", () => {
  it("reads comma-separated pack ids, lower-cased, each once", () => {
    expect(ZPackProgressQuery.parse({ ids: `${PROP},${OTHER},${PROP}` }).ids).toEqual([PROP, OTHER]);
    expect(ZPackProgressQuery.parse({ ids: PROP.toUpperCase() }).ids).toEqual([PROP]);
  });

  it.each([
    [{}, "Missing ids"],
    [{ ids: "  " }, "Missing ids"],
    [{ ids: `${PROP},nope` }, "ids must be pack ids"],
  ])("refuses %j with %j", (input, message) => {
    expect(refusal(ZPackProgressQuery, input)).toBe(message);
  });

  it("refuses more packs than a question may ask about", () => {
    const ids = Array.from({ length: PROGRESS_PACKS_MAX + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    expect(refusal(ZPackProgressQuery, { ids: ids.join(",") })).toBe(`At most ${PROGRESS_PACKS_MAX} packs`);
    expect(refusal(ZPackProgressQuery, { ids: ids.slice(1).join(",") })).toBeNull();
  });
});

describe("ZSubmitTakesRequest", () => {
  const take = { propId: PROP, side: "A" };
  const key = "6f1c2b9e3c4d4e5f";

  it("reads the picks with a printable idempotency key and an optional referral", () => {
    expect(ZSubmitTakesRequest.parse({ takes: [take], idempotencyKey: ` ${key} `, ref: null })).toEqual({
      takes: [take],
      idempotencyKey: key,
      ref: null,
    });
  });

  it.each([
    ["no picks", { takes: [], idempotencyKey: key }, "Pick at least one side"],
    ["two picks of one prop", { takes: [take, { ...take, side: "B" }], idempotencyKey: key }, "Each prop can be picked once"],
    [
      "101 picks",
      {
        takes: Array.from({ length: 101 }, (_, i) => ({ propId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, side: "A" })),
        idempotencyKey: key,
      },
      "Too many takes in one submission",
    ],
    ["a side C", { takes: [{ propId: PROP, side: "C" }], idempotencyKey: key }, "Side must be A or B"],
    ["a prop id that is not an id", { takes: [{ propId: "nope", side: "A" }], idempotencyKey: key }, "Unknown prop"],
    ["a short key", { takes: [take], idempotencyKey: "short" }, "Missing idempotency key"],
    ["a key with a space", { takes: [take], idempotencyKey: "with a space" }, "Invalid idempotency key"],
    ["a key outside printable ASCII", { takes: [take], idempotencyKey: "clé-unicode-key" }, "Invalid idempotency key"],
  ])("refuses %s with %j", (_label, input, message) => {
    expect(refusal(ZSubmitTakesRequest, input)).toBe(message);
  });
});

describe("the takes, receipt and leaderboard queries", () => {
  it("reads /api/userTakes with a limit up to 500", () => {
    expect(ZUserTakesQuery.parse({ packURL: " week-1 ", limit: "500" })).toEqual({ packURL: "week-1", limit: 500 });
    expect(ZUserTakesQuery.safeParse({ limit: "501" }).success).toBe(false);
  });

  it("needs a profileID for a player's takes on a pack", () => {
    expect(ZPackUserTakesQuery.parse({ profileID: " ada " })).toEqual({ profileID: "ada" });
    expect(refusal(ZPackUserTakesQuery, {})).toBe("Missing profileID");
    expect(refusal(ZPackUserTakesQuery, { profileID: " " })).toBe("Missing profileID");
  });

  it("needs both keys of a receipt, with one message for either", () => {
    expect(refusal(ZReceiptResolveQuery, { packURL: "week-1" })).toBe("Missing packURL or profileID");
    expect(refusal(ZReceiptResolveQuery, { profileID: "ada" })).toBe("Missing packURL or profileID");
    expect(ZReceiptResolveQuery.parse({ packURL: "week-1", profileID: "ada" })).toEqual({ packURL: "week-1", profileID: "ada" });
  });

  it("needs the pack and receipt of a submission to text", () => {
    expect(refusal(ZNotifyPackSubmittedRequest, { packURL: " ", receiptId: "r1" })).toBe("Missing packURL");
    expect(refusal(ZNotifyPackSubmittedRequest, { packURL: "week-1", receiptId: " " })).toBe("Missing receiptId");
  });

  it("reads a bare leaderboard query as everyone's all-time board, page 1", () => {
    expect(ZLeaderboardQuery.parse({})).toEqual({ scope: "all", period: "all", page: 1 });
  });

  it("reads a board's key of letters, digits and :_- up to 100 characters, and refuses any other", () => {
    expect(ZLeaderboardQuery.parse({ scope: "league", key: "league:nfl", period: "week", page: "3" })).toEqual({
      scope: "league",
      key: "league:nfl",
      period: "week",
      page: 3,
    });
    expect(refusal(ZLeaderboardQuery, { key: "a b" })).toBe("Unknown leaderboard.");
    expect(refusal(ZLeaderboardQuery, { key: "x".repeat(101) })).toBe("Unknown leaderboard.");
  });

  it("refuses a scope, period or page it does not know", () => {
    expect(ZLeaderboardQuery.safeParse({ scope: "friends" }).success).toBe(false);
    expect(ZLeaderboardQuery.safeParse({ period: "month" }).success).toBe(false);
    expect(ZLeaderboardQuery.safeParse({ page: "0" }).success).toBe(false);
    expect(ZLeaderboardQuery.safeParse({ page: "100001" }).success).toBe(false);
  });
});

describe("the profile and sign-in requests", () => {
  it("knows only the tokens view of a profile", () => {
    expect(ZProfileQuery.parse({ select: "tokens" })).toEqual({ select: "tokens" });
    expect(refusal(ZProfileQuery, { select: "phone" })).toBe("Unsupported select: use select=tokens.");
    expect(refusal(ZProfileQuery, {})).toBe("Unsupported select: use select=tokens.");
  });

  it("answers a missing or overlong username or phone with the rule's own words", () => {
    expect(refusal(ZUpdateUsernameRequest, {})).toBe("Username must be 3–20 chars: letters, numbers, or underscores.");
    expect(refusal(ZUpdateUsernameRequest, { username: "x".repeat(65) })).toBe(
      "Username must be 3–20 chars: letters, numbers, or underscores.",
    );
    expect(refusal(ZSendCodeRequest, { phone: 5551234567 })).toBe("Please enter a 10-digit phone number.");
    expect(refusal(ZSendCodeRequest, { phone: "5".repeat(33) })).toBe("Please enter a 10-digit phone number.");
  });
});
