"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/components/api/api-fetch";
import { cardClass, InlineError } from "@/components/admin/hub/admin-ui";
import type { EventSummary } from "@/components/admin/events/event-row-summary";
import { ZPropAnswer } from "@/domain/schemas/props";
import { draftToRequest, propToDraft } from "./prop-draft";
import { PropFields } from "./prop-fields";

type PropForEdit = Parameters<typeof propToDraft>[0] & { propID: string; eventLeague: string | null };

/** The /admin/props/{propId} form (docs/SCREENS.md §3.6 "Edit"). */
export function PropEditor({ prop, events: initialEvents, league }: { prop: PropForEdit; events: EventSummary[]; league: string }) {
  const router = useRouter();
  const { showToast } = useToast();
  const [draft, setDraft] = useState(() => propToDraft(prop));
  const [events, setEvents] = useState(initialEvents);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setSaving(true);
    setError(null);
    const answer = await apiFetch(`/api/admin/props/${prop.propID}`, { schema: ZPropAnswer, method: "PATCH", body: draftToRequest(draft) });
    setSaving(false);
    if (!answer.ok) return setError(answer.error);
    showToast("Prop saved");
    router.refresh();
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <section className={cardClass}>
        <PropFields draft={draft} onChange={setDraft} events={events} onEventsChange={setEvents} league={league} disabled={saving} />
      </section>
      <InlineError message={error} />
      <div className="flex gap-2">
        <Button onClick={save} disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </Button>
        <Button variant="secondary" onClick={() => router.back()} disabled={saving}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
