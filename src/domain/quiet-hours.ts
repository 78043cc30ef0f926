/**
 * Quiet hours and reminders (docs/decisions/072-reminders-and-quiet-hours.md): the US time zones a
 * player can choose, the zone a number's area code suggests, and the reminder lead times.
 */

/** No promotional or reminder text from 9 pm to 8 am, the player's local time. */
export const QUIET_START_HOUR = 21;
export const QUIET_END_HOUR = 8;

/** The zone of a player who chose none and whose area code we do not place. */
export const DEFAULT_TIME_ZONE = "America/New_York";

/** The zones a player can choose on their profile, east to west, with the names the settings show. */
const ZONE_NAMES = {
  "America/New_York": "Eastern",
  "America/Chicago": "Central",
  "America/Denver": "Mountain",
  "America/Phoenix": "Arizona (no daylight saving)",
  "America/Los_Angeles": "Pacific",
  "America/Anchorage": "Alaska",
  "Pacific/Honolulu": "Hawaii",
} as const;
export type UsTimeZone = keyof typeof ZONE_NAMES;
export const US_TIME_ZONE_IDS = Object.keys(ZONE_NAMES) as [UsTimeZone, ...UsTimeZone[]];
export const zoneName = (zone: UsTimeZone): string => ZONE_NAMES[zone];

/** How long before a pack closes its reminder goes out, in minutes; 60 unless the player chose otherwise. */
export const REMINDER_LEAD_MINUTES = [30, 60, 180] as const;
export type ReminderLeadMinutes = (typeof REMINDER_LEAD_MINUTES)[number];
export const DEFAULT_REMINDER_LEAD_MINUTES: ReminderLeadMinutes = 60;

/**
 * Area codes outside US Eastern, by the zone where most of their numbers are (a code split
 * between two zones, like 605 or 850, goes with its larger part). Every code not listed,
 * Eastern or unknown, is Eastern.
 */
const AREA_CODES_BY_ZONE: Record<Exclude<UsTimeZone, "America/New_York">, string> = {
  "America/Chicago":
    "205 251 256 334 659 938 327 479 501 870 217 224 309 312 331 447 464 618 630 708 773 779 815 847 872 219 " +
    "319 515 563 641 712 316 620 785 913 270 364 225 318 337 504 985 218 320 507 612 651 763 952 228 601 662 769 " +
    "314 417 557 573 636 660 816 975 308 402 531 701 405 539 572 580 918 605 615 629 731 901 931 " +
    "210 214 254 281 325 346 361 409 430 432 469 512 682 713 726 737 806 817 830 832 903 936 940 945 956 972 979 " +
    "262 274 414 534 608 715 920",
  "America/Denver": "303 719 720 970 983 208 986 406 505 575 385 435 801 307 915",
  "America/Phoenix": "480 520 602 623 928",
  "America/Los_Angeles":
    "209 213 279 310 323 341 350 408 415 424 442 510 530 559 562 619 626 628 650 657 661 669 707 714 747 760 " +
    "805 818 820 831 840 858 909 916 925 949 951 702 725 775 458 503 541 971 206 253 360 425 509 564",
  "America/Anchorage": "907",
  "Pacific/Honolulu": "808",
};

/** Area code → zone, for the codes outside Eastern. */
export const AREA_CODE_TIME_ZONES: Readonly<Record<string, UsTimeZone>> = Object.fromEntries(
  Object.entries(AREA_CODES_BY_ZONE).flatMap(([zone, codes]) => codes.split(" ").map((code) => [code, zone as UsTimeZone])),
);

/** The zone a US number (E.164, `+1AAA…`) suggests by its area code; Eastern when we do not place it. */
export function timeZoneForPhone(phone: string | null | undefined): UsTimeZone {
  const areaCode = /^\+1(\d{3})\d{7}$/.exec(phone ?? "")?.[1];
  return (areaCode && AREA_CODE_TIME_ZONES[areaCode]) || DEFAULT_TIME_ZONE;
}

/** The player's local zone: the one they chose, else their area code's, else Eastern. */
export function playerTimeZone(player: { timeZone: string | null; phone: string | null }): string {
  return player.timeZone ?? timeZoneForPhone(player.phone);
}
