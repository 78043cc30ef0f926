import "server-only";
import { getDb } from "@/server/db/client";
import { notFound } from "@/server/http/app-error";
import { loadAdminPack, type AdminPack } from "./pack-view";

/** A pack with its events and ordered props for the edit form; NOT_FOUND when unknown. */
export async function getAdminPackOrThrow(input: { packId: string }): Promise<AdminPack> {
  const pack = await loadAdminPack(await getDb(), input.packId);
  if (!pack) throw notFound("Pack not found");
  return pack;
}
