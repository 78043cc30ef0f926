import "server-only";
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { serverEnv } from "@/env";
import { isId } from "@/domain/ids";

// Generated covers live as files under DATA_DIR/covers and are served by
// GET /api/covers/{eventId}.svg. The URL stored on the event carries a content
// hash (`?v=`), so browsers may cache a cover forever and a new cover gets a
// new URL. An instance that lacks the file (several servers without a shared
// DATA_DIR) regenerates it on first request.

/** An event id as its cover's file is named: lower case only, so one cover never has two files. */
export function isCoverId(eventId: string): boolean {
  return isId(eventId) && eventId === eventId.toLowerCase();
}

function coverFile(eventId: string): string {
  if (!isCoverId(eventId)) throw new RangeError("invalid cover id");
  return path.resolve(serverEnv().DATA_DIR, "covers", `${eventId}.svg`);
}

/** Writes the cover atomically and returns its public URL. */
export async function writeCover(eventId: string, svg: string): Promise<string> {
  const file = coverFile(eventId);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, svg, "utf8");
  await rename(temporary, file);
  const version = createHash("sha256").update(svg).digest("hex").slice(0, 12);
  return `/api/covers/${eventId}.svg?v=${version}`;
}

export async function readCover(eventId: string): Promise<string | null> {
  try {
    return await readFile(coverFile(eventId), "utf8");
  } catch {
    return null;
  }
}
