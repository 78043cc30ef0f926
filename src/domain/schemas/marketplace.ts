// Request schemas of the marketplace, shared by the forms (client-side checks)
// and the route handlers (the server checks the same rules again).
import { z } from "zod";
import {
  ITEM_STATUSES,
  overlongInventoryCode,
  NO_CODES_MESSAGE,
  SELECT_ITEM_MESSAGE,
  isHttpUrl,
  normalizeInventoryCodes,
} from "../marketplace";
import { keysetPage } from "./cursor";

/** A trimmed text field; missing reads as empty. */
const text = (max: number, requiredMessage?: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(
      requiredMessage
        ? z.string().min(1, requiredMessage).max(max, `Please keep this under ${max} characters.`)
        : z.string().max(max, `Please keep this under ${max} characters.`),
    );

export const SHIPPING_COUNTRIES = ["United States", "Canada", "United Kingdom", "Australia", "Other"] as const;

export const CONTACT_MESSAGES = {
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  street: "Please enter your street address.",
  city: "Please enter your city.",
  state: "Please enter your state or province.",
  zip: "Please enter your ZIP or postal code.",
  country: "Please select your country.",
  agree: "Please agree to the Terms and Privacy Policy.",
} as const;

const email = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim())
  .pipe(
    z
      .string()
      .min(1, CONTACT_MESSAGES.emailRequired)
      .max(254, CONTACT_MESSAGES.emailInvalid)
      .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
  );

const ZContactBase = z.object({
  fullName: text(100),
  email,
});

const ZShippingAddress = z.object({
  street: text(200, CONTACT_MESSAGES.street),
  city: text(100, CONTACT_MESSAGES.city),
  state: text(100, CONTACT_MESSAGES.state),
  zip: text(20, CONTACT_MESSAGES.zip),
  country: z.enum(SHIPPING_COUNTRIES, { error: CONTACT_MESSAGES.country }),
});

export type RedemptionContact = z.infer<typeof ZContactBase> & Partial<z.infer<typeof ZShippingAddress>>;

/**
 * Who to contact about a redemption. The phone is never asked: we already
 * have it. Items that ship need the whole postal address.
 */
export function redemptionContactSchema(requiresShipping: boolean): z.ZodType<RedemptionContact> {
  return requiresShipping ? ZContactBase.extend(ZShippingAddress.shape) : ZContactBase;
}

/** What the redeem form sends; the contact is checked against the item once it is known. */
export const ZRedeemRequest = z.object({
  itemID: z.string({ error: SELECT_ITEM_MESSAGE }).trim().min(1, SELECT_ITEM_MESSAGE).max(64),
  contact: z.record(z.string(), z.unknown(), { error: CONTACT_MESSAGES.emailRequired }),
  agreedToTerms: z.literal(true, { error: CONTACT_MESSAGES.agree }),
  /** The price the player confirmed; a different current price is refused rather than charged. */
  expectedTokens: z.number().int().positive().optional(),
  /** One per confirmation, kept across retries: a repeated request is answered with the first redemption. */
  idempotencyKey: z.string().trim().min(8, "Invalid idempotency key").max(100, "Invalid idempotency key").optional(),
});

/**
 * GET /api/marketplace/items?teamSlug&cursor&limit. A cursor carries the last item's name (up to
 * 120 characters, any script), so it may be longer than the other lists' ZCursor allows
 * (src/domain/schemas/cursor.ts); its content is checked on decoding.
 */
export const ZMarketplaceItemsQuery = z.object({
  teamSlug: z.string().trim().toLowerCase().max(64).optional(),
  cursor: z
    .string()
    .max(1_200, "Invalid cursor")
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid cursor")
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

// ---------------------------------------------------------------- admin

const optionalUrl = z
  .string()
  .optional()
  .nullable()
  .transform((value) => (value ?? "").trim())
  .refine((value) => value === "" || isHttpUrl(value), "Image URL must start with https://, http:// or /.")
  .transform((value) => (value === "" ? null : value));

export const ZItemInput = z.object({
  name: text(120, "Please enter the item's name."),
  tokens: z.coerce
    .number({ error: "Diamonds must be a whole number above 0." })
    .int("Diamonds must be a whole number above 0.")
    .positive("Diamonds must be a whole number above 0.")
    .max(10_000_000, "Diamonds must be at most 10,000,000."),
  description: text(2000).transform((value) => value || null),
  brand: text(120).transform((value) => value || null),
  imageUrl: optionalUrl,
  teamImages: z
    .record(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9-]{1,64}$/, "Per-team images are keyed by team slug."),
      z.string().trim().refine(isHttpUrl, "Per-team image URLs must start with https://, http:// or /."),
    )
    .optional()
    .nullable()
    .transform((value) => (value && Object.keys(value).length > 0 ? value : null)),
  status: z.enum(ITEM_STATUSES, { error: "Status must be Available, Hidden or Sold out." }),
  featured: z.boolean().default(false),
  requiresShipping: z.boolean().default(false),
});
export type ItemInput = z.infer<typeof ZItemInput>;

/** Codes arrive as the pasted text or as a list; either way one code per line. */
export const ZAddCodesRequest = z.object({
  codes: z
    .union([z.string(), z.array(z.string()).max(20_000)], { error: NO_CODES_MESSAGE })
    .refine((codes) => normalizeInventoryCodes(codes).totalProvided > 0, NO_CODES_MESSAGE)
    // Names the offending code and its line, so the admin can find it in a paste of thousands (issue 24).
    .superRefine((codes, context) => {
      const overlong = overlongInventoryCode(codes);
      if (overlong) context.addIssue({ code: "custom", message: overlong.message });
    }),
});

/** GET /api/admin/items as the inventory dialog reads it: each item's id, name and codes left. */
export const ZAdminItemOptionsAnswer = z.object({
  items: z.array(z.object({ itemID: z.string(), itemName: z.string(), codesLeft: z.number(), status: z.enum(ITEM_STATUSES) })),
});

/** POST /api/admin/items/{itemID}/codes: how many of the codes sent were new to the item, and how many non-empty lines came (duplicates included). */
export const ZAddCodesAnswer = z.object({ added: z.number(), totalProvided: z.number() });
export type AddedCodes = z.infer<typeof ZAddCodesAnswer>;

// ---------------------------------------------------------------- answers

/** An item as the admin lists and edits it, with its stock (codes left and used). */
export const ZAdminItem = z.object({
  itemID: z.string(),
  itemName: z.string(),
  itemTokens: z.number(),
  description: z.string().nullable(),
  brand: z.string().nullable(),
  imageUrl: z.string().nullable(),
  teamImages: z.record(z.string(), z.string()).nullable(),
  status: z.enum(ITEM_STATUSES),
  featured: z.boolean(),
  requiresShipping: z.boolean(),
  codesLeft: z.number(),
  codesUsed: z.number(),
});
export type AdminItem = z.infer<typeof ZAdminItem>;

/** GET /api/admin/items: every item with its stock (what the inventory dialog reads of it: ZAdminItemOptionsAnswer). */
export const ZAdminItemsAnswer = z.object({ items: z.array(ZAdminItem) });

/** GET and PUT /api/admin/items/{itemID}, POST /api/admin/items: the item. */
export const ZAdminItemAnswer = z.object({ item: ZAdminItem });

/** An item's code for super admins: when it was added and, once handed out, used (ISO instants). */
export const ZItemCode = z.object({ code: z.string(), addedAt: z.string(), usedAt: z.string().nullable() });

/** GET /api/admin/items/{itemID}/codes: the item's codes, unused first. */
export const ZItemCodesAnswer = z.object({ codes: z.array(ZItemCode) });

/**
 * An item as players see it (docs/PRODUCT.md §13 "Marketplace item", plus what the cards show): the
 * admin's item without its status, per-team images or stock, so never its codes. `imageUrl` is the
 * per-team image in a team view, else the item's own image. Picked in the order the route builds it.
 */
export const ZMarketplaceItem = ZAdminItem.pick({
  itemID: true,
  itemName: true,
  itemTokens: true,
  brand: true,
  description: true,
  imageUrl: true,
  featured: true,
  requiresShipping: true,
});
export type MarketplaceItem = z.infer<typeof ZMarketplaceItem>;

/** The team a marketplace view is for. */
export const ZMarketplaceTeam = z.object({ league: z.string(), slug: z.string(), name: z.string(), abbreviation: z.string() });
export type MarketplaceTeam = z.infer<typeof ZMarketplaceTeam>;

/** GET /api/marketplace/items: the team asked for (null for the whole marketplace), a page of items, and the next page's cursor (null on the last). */
export const ZMarketplaceItemsAnswer = keysetPage({ team: ZMarketplaceTeam.nullable(), items: z.array(ZMarketplaceItem) });

/** A player's own exchange, with its code (null only for exchanges made without one); `createdAt` an ISO instant. */
export const ZExchangeRecord = z.object({
  exchangeID: z.string(),
  itemID: z.string(),
  itemName: z.string(),
  /** Diamonds spent. */
  tokens: z.number(),
  code: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/marketplace/exchanges: the signed-in player's own exchanges, newest first. */
export const ZExchangesAnswer = z.object({ exchanges: z.array(ZExchangeRecord) });
