import { z } from "zod";

/**
 * A keyset page's cursor as a list's query reads it (docs/decisions/024-season-scale.md): opaque
 * to clients, base64url text of a bounded length. Only its shape is checked here, so every list's
 * query schema can sit in src/domain/schemas; what it holds (the last row's sort key and id) is
 * encoded and decoded on the server (src/server/http/keyset.ts), where a forged one becomes a 400.
 */
export const ZCursor = z
  .string()
  .max(400, "Invalid cursor")
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid cursor");

/**
 * A keyset page as a list answers it: the page's rows under the list's own key (`{ props: … }`,
 * `{ players: … }`) and the cursor of the next page, null on the last (src/server/http/keyset.ts).
 */
export const keysetPage = <Rows extends z.ZodRawShape>(rows: Rows) => z.object({ ...rows, nextCursor: z.string().nullable() });
