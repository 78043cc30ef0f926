import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { listProps } from "@/server/authoring/list-props";
import { ZPropsQuery } from "@/domain/schemas/authoring-requests";
import { ZPropsPage } from "@/domain/schemas/props";

export const dynamic = "force-dynamic";

/** GET /api/props?limit=100&view&offset[&status,league,q,from,to,eventDay,packId,sort] → {success, props, nextOffset}; admins only. */
export const GET = withAdmin(async ({ req }) => okThrough(ZPropsPage, await listProps(readQuery(req, ZPropsQuery))));
