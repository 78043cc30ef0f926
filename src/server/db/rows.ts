import "server-only";
import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./client";

// The data edge, checked like the HTTP edge (docs/decisions/055-typed-row-edge.md). A raw SQL
// query's rows arrive as whatever the driver made of each column: node-postgres and PGlite agree
// on most types but not all (numeric is a string on node-postgres, a bigint may come as a bigint,
// a timestamp inside json_agg is a string on both). A row shape names each column it reads with a
// decoder that accepts what either driver hands over and throws, naming the column and what it
// got, when the value does not fit, so a query whose columns drift from its type fails in the API
// tests instead of passing a wrong type on.

/** Turns one column's raw value into T, or throws a RowShapeError naming the column. */
export type Decoder<T> = (value: unknown, column: string) => T;

export class RowShapeError extends Error {
  override name = "RowShapeError";
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined (no such column in the row?)";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "an invalid Date" : "a Date";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return `${typeof value} ${String(value)}`;
  return typeof value;
}

function refuse(column: string, expected: string, value: unknown): never {
  throw new RowShapeError(`column "${column}": expected ${expected}, got ${describe(value)}`);
}

function text(value: unknown, column: string): string {
  return typeof value === "string" ? value : refuse(column, "text", value);
}

/** An integer: a number, a bigint, or the string node-postgres makes of numeric and int8. */
function int(value: unknown, column: string): number {
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (typeof value === "string" && value.trim() !== "") {
    const parsed = Number(value);
    if (Number.isSafeInteger(parsed)) return parsed;
  }
  if (typeof value === "bigint" && value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER))
    return Number(value);
  return refuse(column, "an integer", value);
}

/** A finite number (an average, a ratio), from a number, a bigint or a numeric string. */
function num(value: unknown, column: string): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "") {
    const parsed = Number(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  if (typeof value === "bigint") return Number(value);
  return refuse(column, "a number", value);
}

function bool(value: unknown, column: string): boolean {
  return typeof value === "boolean" ? value : refuse(column, "a boolean", value);
}

/** A timestamp: a Date from either driver, or the ISO string a timestamp becomes inside json. */
function date(value: unknown, column: string): Date {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? refuse(column, "a valid timestamp", value) : value;
  if (typeof value === "string") {
    const parsed = new Date(value);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return refuse(column, "a timestamp (Date or ISO string)", value);
}

function iso(value: unknown, column: string): string {
  return date(value, column).toISOString();
}

/** Null stays null; anything else goes through the decoder. Undefined (a missing column) does not pass. */
function orNull<T>(decode: Decoder<T>): Decoder<T | null> {
  return (value, column) => (value === null ? null : decode(value, column));
}

function isOneOf<const L extends readonly string[]>(list: L, value: unknown): value is L[number] {
  return list.some((item) => item === value);
}

function oneOf<const L extends readonly string[]>(list: L): Decoder<L[number]> {
  return (value, column) => (isOneOf(list, value) ? value : refuse(column, `one of ${list.join(", ")}`, value));
}

/** A json/jsonb column, read through a parser that checks it (a zod schema's `parse`, or a row shape's list). */
function json<T>(parse: (value: unknown) => T): Decoder<T> {
  return (value, column) => {
    try {
      return parse(value);
    } catch (error) {
      if (error instanceof RowShapeError) throw new RowShapeError(`column "${column}": ${error.message}`);
      throw new RowShapeError(
        `column "${column}": ${describe(value)} does not fit (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  };
}

/**
 * A json object read through a row shape (json_build_object, a jsonb column of a known form). Both
 * drivers parse json; its text, should a driver hand that over instead, is parsed here.
 */
function row<T>(shape: RowShape<T>): Decoder<T> {
  return json((value) => {
    const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
    return isRecord(parsed) ? shape(parsed) : refuse("(json)", "a json object", value);
  });
}

/**
 * A text[] column: the array both drivers make of it, or PostgreSQL's array literal (`{a,"b c"}`)
 * should one come as text. Simple elements only: no escaped quotes or commas inside an element.
 */
function texts(value: unknown, column: string): string[] {
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item !== "string") refuse(column, "an array of text", item);
    return value;
  }
  if (typeof value === "string" && value.startsWith("{") && value.endsWith("}")) {
    return value
      .slice(1, -1)
      .split(",")
      .filter(Boolean)
      .map((item) => item.replace(/^"|"$/g, ""));
  }
  return refuse(column, "an array of text", value);
}

/** Any value as the driver gave it (a json column passed on as is); only a missing column is refused. */
function raw(value: unknown, column: string): unknown {
  return value === undefined ? refuse(column, "a value", value) : value;
}

export const col = {
  text,
  textOrNull: orNull(text),
  int,
  intOrNull: orNull(int),
  num,
  numOrNull: orNull(num),
  bool,
  boolOrNull: orNull(bool),
  date,
  dateOrNull: orNull(date),
  iso,
  isoOrNull: orNull(iso),
  oneOf,
  oneOfOrNull: <const L extends readonly string[]>(list: L) => orNull(oneOf(list)),
  json,
  row,
  raw,
  texts,
  textsOrNull: orNull(texts),
  orNull,
};

/**
 * Reads the columns of the row being mapped: `r.text("handle")`, or any decoder with `r.get`.
 * Each read names its column, so an error says which one did not fit.
 */
export interface RowReader {
  get<T>(column: string, decode: Decoder<T>): T;
  text(column: string): string;
  textOrNull(column: string): string | null;
  int(column: string): number;
  intOrNull(column: string): number | null;
  num(column: string): number;
  numOrNull(column: string): number | null;
  bool(column: string): boolean;
  date(column: string): Date;
  dateOrNull(column: string): Date | null;
  iso(column: string): string;
  isoOrNull(column: string): string | null;
  oneOf<const L extends readonly string[]>(column: string, list: L): L[number];
  oneOfOrNull<const L extends readonly string[]>(column: string, list: L): L[number] | null;
  /** A json array of objects (json_agg), each mapped through a shape; null reads as an empty list, json text is parsed. */
  list<T>(column: string, shape: RowShape<T>): T[];
}

/** A checked row mapper: raw driver row in, T out (or a RowShapeError). */
export type RowShape<T> = (raw: Record<string, unknown>) => T;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** One reader per shape, pointed at each row in turn: its methods live on the prototype. */
class Reader implements RowReader {
  row: Record<string, unknown> = {};
  get<T>(column: string, decode: Decoder<T>): T {
    return decode(this.row[column], column);
  }
  text(column: string): string {
    return text(this.row[column], column);
  }
  textOrNull(column: string): string | null {
    return col.textOrNull(this.row[column], column);
  }
  int(column: string): number {
    return int(this.row[column], column);
  }
  intOrNull(column: string): number | null {
    return col.intOrNull(this.row[column], column);
  }
  num(column: string): number {
    return num(this.row[column], column);
  }
  numOrNull(column: string): number | null {
    return col.numOrNull(this.row[column], column);
  }
  bool(column: string): boolean {
    return bool(this.row[column], column);
  }
  date(column: string): Date {
    return date(this.row[column], column);
  }
  dateOrNull(column: string): Date | null {
    return col.dateOrNull(this.row[column], column);
  }
  iso(column: string): string {
    return iso(this.row[column], column);
  }
  isoOrNull(column: string): string | null {
    return col.isoOrNull(this.row[column], column);
  }
  oneOf<const L extends readonly string[]>(column: string, list: L): L[number] {
    const value = this.row[column];
    return isOneOf(list, value) ? value : refuse(column, `one of ${list.join(", ")}`, value);
  }
  oneOfOrNull<const L extends readonly string[]>(column: string, list: L): L[number] | null {
    const value = this.row[column];
    if (value === null) return null;
    return isOneOf(list, value) ? value : refuse(column, `one of ${list.join(", ")}`, value);
  }
  list<T>(column: string, shape: RowShape<T>): T[] {
    const value = this.row[column];
    if (value === null) return [];
    const parsed: unknown = typeof value === "string" && value.startsWith("[") ? JSON.parse(value) : value;
    if (!Array.isArray(parsed)) return refuse(column, "a json array", value);
    return mapList(parsed, shape, column);
  }
}

/**
 * A row mapper from a function that reads each column it needs; T is inferred from what the
 * function returns. Make shapes once (at module level) where you can: mapping a row then allocates
 * only the object the function returns.
 */
export function rowShape<T>(build: (r: RowReader) => T): RowShape<T> {
  const reader = new Reader();
  return (raw) => {
    const outer = reader.row;
    reader.row = raw;
    try {
      return build(reader);
    } finally {
      reader.row = outer;
    }
  };
}

function mapList<T>(values: unknown[], shape: RowShape<T>, column: string): T[] {
  const out: T[] = [];
  for (const item of values) {
    if (!isRecord(item)) refuse(column, "a json array of objects", item);
    try {
      out.push(shape(item));
    } catch (error) {
      if (error instanceof RowShapeError) throw new RowShapeError(`column "${column}" item ${out.length}: ${error.message}`);
      throw error;
    }
  }
  return out;
}

/** Maps a list of raw rows through a shape (rows from elsewhere than selectRows, such as a json array). */
export function mapRows<T>(values: readonly unknown[], shape: RowShape<T>): T[] {
  const out: T[] = [];
  for (const item of values) {
    if (!isRecord(item)) refuse("(row)", "an object", item);
    out.push(shape(item));
  }
  return out;
}

/** The rows of a raw SQL query, each mapped and checked through `shape`; T is the shape's. */
export async function selectRows<T>(db: DbOrTx, query: SQL, shape: RowShape<T>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (!isRecord(result) || !Array.isArray(result.rows)) throw new RowShapeError(`the driver answered ${describe(result)} without rows`);
  return mapRows(result.rows, shape);
}
