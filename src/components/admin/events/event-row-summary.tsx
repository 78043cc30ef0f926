import { formatAdminDateTime } from "@/domain/time";

/** An event's status as the admin lists show it (the events list, the grading queue); an unknown one is shown as stored. */
export const EVENT_STATUS_LABELS: Record<string, string> = {
  scheduled: "Scheduled",
  in_progress: "Live",
  final: "Final",
  postponed: "Postponed",
  suspended: "Suspended",
  cancelled: "Cancelled",
};

/** The admin event fields the pickers and tables show. */
export interface EventSummary {
  id: string;
  eventTitle: string;
  eventTime: string;
  eventLeague: string;
  shortName: string | null;
  status: string;
  homeTeamLogo: string | null;
  awayTeamLogo: string | null;
  coverUrl: string | null;
  homeTeam: { fullName: string; abbreviation: string; name: string } | null;
  awayTeam: { fullName: string; abbreviation: string; name: string } | null;
  espnUrl?: string | null;
}

function Logo({ src, label }: { src: string | null; label: string }) {
  if (!src) return <span aria-hidden="true" className="inline-block h-8 w-8 rounded-full bg-line" />;
  // Team logos are decorative next to the written matchup.
  // eslint-disable-next-line @next/next/no-img-element -- team logos from any host, shown whole
  return <img src={src} alt="" title={label} width={32} height={32} loading="lazy" className="h-8 w-8 object-contain" />;
}

/** Away and home logos, the title and the ET start time of one event. */
export function EventRowSummary({ event }: { event: EventSummary }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <span className="flex shrink-0 items-center gap-1">
        <Logo src={event.awayTeamLogo} label={event.awayTeam?.fullName ?? ""} />
        <Logo src={event.homeTeamLogo} label={event.homeTeam?.fullName ?? ""} />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-semibold">{event.eventTitle}</span>
        <span className="block text-sm text-muted tabular">{formatAdminDateTime(new Date(event.eventTime))}</span>
      </span>
    </span>
  );
}
