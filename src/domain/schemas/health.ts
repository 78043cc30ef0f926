import { z } from "zod";

/**
 * GET /api/health when healthy: the database answers and every migration is applied (how many).
 * Public, so it names nothing else about the deployment (docs/decisions/019-public-surface.md).
 */
export const ZHealthAnswer = z.object({ status: z.literal("ok"), migrations: z.number().int().nonnegative() });
