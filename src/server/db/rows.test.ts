import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PACK_STATUSES } from "@/domain/authoring";
import { openPglite, openPostgres, type DbHandle } from "./client";
import { col, mapRows, rowShape, RowShapeError, selectRows } from "./rows";

describe("column decoders", () => {
  it("text accepts a string and refuses a number, naming the column", () => {
    expect(col.text("eagles", "slug")).toBe("eagles");
    expect(() => col.text(7, "slug")).toThrow('column "slug": expected text, got number 7');
  });

  it("textOrNull passes null through but refuses a missing column", () => {
    expect(col.textOrNull(null, "avatar_url")).toBeNull();
    expect(() => col.textOrNull(undefined, "avatar_url")).toThrow(/avatar_url.*undefined/);
  });

  it("int accepts a number, the string node-postgres makes of numeric and int8, and a bigint", () => {
    expect(col.int(42, "points")).toBe(42);
    expect(col.int("42", "points")).toBe(42);
    expect(col.int("-3", "points")).toBe(-3);
    expect(col.int(42n, "points")).toBe(42);
  });

  it("int refuses a fraction, an empty string, words and a bigint past the safe range", () => {
    expect(() => col.int(1.5, "points")).toThrow(/expected an integer, got number 1.5/);
    expect(() => col.int("", "points")).toThrow(RowShapeError);
    expect(() => col.int("many", "points")).toThrow(/got string "many"/);
    expect(() => col.int(2n ** 60n, "points")).toThrow(/got bigint/);
    expect(() => col.int(null, "points")).toThrow(/got null/);
  });

  it("intOrNull passes null through and decodes the rest like int", () => {
    expect(col.intOrNull(null, "rank")).toBeNull();
    expect(col.intOrNull("9", "rank")).toBe(9);
  });

  it("num accepts a numeric string with a fraction and refuses NaN", () => {
    expect(col.num("2.50", "ratio")).toBe(2.5);
    expect(() => col.num(Number.NaN, "ratio")).toThrow(/expected a number/);
  });

  it("bool accepts booleans only", () => {
    expect(col.bool(false, "is_creator")).toBe(false);
    expect(() => col.bool("t", "is_creator")).toThrow('column "is_creator": expected a boolean, got string "t"');
  });

  it("date accepts a Date and the ISO string a timestamp becomes inside json", () => {
    const at = new Date("2026-11-29T12:00:00.000Z");
    expect(col.date(at, "created_at")).toBe(at);
    expect(col.date("2026-11-29T12:00:00+00:00", "created_at").getTime()).toBe(at.getTime());
  });

  it("date refuses a number, a word and an invalid Date", () => {
    expect(() => col.date(1_764_417_600_000, "created_at")).toThrow(/expected a timestamp/);
    expect(() => col.date("soon", "created_at")).toThrow(/got string "soon"/);
    expect(() => col.date(new Date(Number.NaN), "created_at")).toThrow(/an invalid Date/);
  });

  it("iso and isoOrNull give the ISO string of either form", () => {
    expect(col.iso(new Date("2026-11-29T12:00:00Z"), "at")).toBe("2026-11-29T12:00:00.000Z");
    expect(col.iso("2026-11-29 12:00:00+00", "at")).toBe("2026-11-29T12:00:00.000Z");
    expect(col.isoOrNull(null, "at")).toBeNull();
  });

  it("oneOf accepts a value of the list and refuses one outside it", () => {
    const status = col.oneOf(PACK_STATUSES);
    expect(status("open", "status")).toBe("open");
    expect(() => status("opened", "status")).toThrow(/column "status": expected one of draft, coming-soon, open/);
    expect(col.oneOfOrNull(PACK_STATUSES)(null, "status")).toBeNull();
  });

  it("json reads through its parser and names the column when the parser refuses", () => {
    const numbers = col.json((value) => {
      if (!Array.isArray(value)) throw new Error("not a list");
      return value.map((item) => col.int(item, "item"));
    });
    expect(numbers([1, "2"], "scores")).toEqual([1, 2]);
    expect(() => numbers({}, "scores")).toThrow('column "scores": object does not fit (not a list)');
  });

  it("texts accepts a text[] as an array and as PostgreSQL's array literal, and refuses an array of numbers", () => {
    expect(col.texts(["nfl:eagles", "nfl:giants"], "team_keys")).toEqual(["nfl:eagles", "nfl:giants"]);
    expect(col.texts('{nfl:eagles,"nfl:giants"}', "team_keys")).toEqual(["nfl:eagles", "nfl:giants"]);
    expect(col.texts("{}", "team_keys")).toEqual([]);
    expect(() => col.texts([1, 2], "team_keys")).toThrow(/expected an array of text, got number 1/);
  });

  it("row reads a json object, or its text, through a shape", () => {
    const team = col.row(rowShape((r) => ({ slug: r.text("slug") })));
    expect(team({ slug: "eagles" }, "home")).toEqual({ slug: "eagles" });
    expect(team('{"slug":"eagles"}', "home")).toEqual({ slug: "eagles" });
    expect(() => team({ slug: 5 }, "home")).toThrow('column "home": column "slug": expected text, got number 5');
  });

  it("raw passes any value on, null included, but refuses a missing column", () => {
    expect(col.raw({ line: 3.5 }, "grading_params")).toEqual({ line: 3.5 });
    expect(col.raw(null, "grading_params")).toBeNull();
    expect(() => col.raw(undefined, "grading_params")).toThrow(/grading_params/);
  });
});

describe("rowShape", () => {
  const packRow = rowShape((r) => ({
    id: r.text("id"),
    status: r.oneOf("status", PACK_STATUSES),
    startsAt: r.dateOrNull("starts_at"),
    takes: r.int("takes"),
  }));

  it("maps a row to the object its function builds", () => {
    expect(packRow({ id: "p1", status: "live", starts_at: null, takes: "3" })).toEqual({
      id: "p1",
      status: "live",
      startsAt: null,
      takes: 3,
    });
  });

  it("throws naming the column when a query's columns drift from the shape", () => {
    expect(() => packRow({ id: "p1", status: "live", startsAt: null, takes: 3 })).toThrow(/column "starts_at".*undefined/);
  });

  it("reads a json array of objects through a nested shape, and null as an empty list", () => {
    const withProps = rowShape((r) => ({
      props: r.list(
        "props",
        rowShape((p) => ({ at: p.date("at") })),
      ),
    }));
    expect(withProps({ props: [{ at: "2026-11-29T12:00:00Z" }] })).toEqual({ props: [{ at: new Date("2026-11-29T12:00:00Z") }] });
    expect(withProps({ props: null })).toEqual({ props: [] });
    expect(withProps({ props: '[{"at":"2026-11-29T12:00:00Z"}]' })).toEqual({ props: [{ at: new Date("2026-11-29T12:00:00Z") }] });
    expect(() => withProps({ props: [{ at: 5 }] })).toThrow(/column "props" item 0: column "at"/);
  });

  it("mapRows refuses a row that is not an object", () => {
    expect(() => mapRows([1], packRow)).toThrow(/expected an object/);
  });
});

// What the two drivers really answer: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
const drivers: Array<[string, () => Promise<DbHandle>]> = [["PGlite", () => openPglite()]];
if (process.env.TEST_DATABASE_URL) drivers.push(["PostgreSQL", async () => openPostgres(process.env.TEST_DATABASE_URL!, 1)]);

describe.each(drivers)("selectRows on %s", (_name, open) => {
  let handle: DbHandle;
  // Opening PGlite runs every migration: past the unit project's 10 s hook limit on a busy 2-core host.
  beforeAll(async () => {
    handle = await open();
  }, 60_000);
  afterAll(async () => {
    await handle.close();
  });

  it("decodes count, sum, numeric, bigint, boolean, timestamp and json columns as both drivers return them", async () => {
    const rows = await selectRows(
      handle.db,
      sql`
        select count(*) as n, sum(x) as total, 2.5::numeric as ratio, 9007199254740991::bigint as big,
               true as flag, timestamptz '2026-11-29 12:00:00+00' as at,
               json_build_object('at', timestamptz '2026-11-29 12:00:00+00', 'n', 3::bigint) as inner_row,
               null::text as nothing
        from (values (1), (2)) v(x)
      `,
      rowShape((r) => ({
        n: r.int("n"),
        total: r.int("total"),
        ratio: r.num("ratio"),
        big: r.int("big"),
        flag: r.bool("flag"),
        at: r.iso("at"),
        inner: r.get("inner_row", col.row(rowShape((i) => ({ at: i.iso("at"), n: i.int("n") })))),
        nothing: r.textOrNull("nothing"),
      })),
    );
    expect(rows).toEqual([
      {
        n: 2,
        total: 3,
        ratio: 2.5,
        big: 9007199254740991,
        flag: true,
        at: "2026-11-29T12:00:00.000Z",
        inner: { at: "2026-11-29T12:00:00.000Z", n: 3 },
        nothing: null,
      },
    ]);
  });
});
