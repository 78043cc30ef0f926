import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { props } from "@/server/db/schema";
import { notFound } from "@/server/http/app-error";
import { selectAdminProps, type AdminProp } from "./prop-view";

/** One prop with its pack and event; NOT_FOUND when unknown. */
export async function getAdminPropOrThrow(input: { propId: string }): Promise<AdminProp> {
  const [prop] = await selectAdminProps(await getDb(), { where: eq(props.id, input.propId) });
  if (!prop) throw notFound("Prop not found");
  return prop;
}
