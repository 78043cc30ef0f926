"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/components/api/api-fetch";
import { cardClass, InlineError } from "@/components/admin/hub/admin-ui";
import { useSchemaSubmit } from "@/components/admin/forms/use-schema-submit";
import type { EventSummary } from "@/components/admin/events/event-row-summary";
import { ZPropAnswer, ZUpdatePropRequest } from "@/domain/schemas/props";
import { draftToRequest, inFormOrder, PROP_FIELDS, propToDraft, type PropDraft } from "./prop-draft";
import { PropFields } from "./prop-fields";

type PropForEdit = Parameters<typeof propToDraft>[0] & { propID: string; eventLeague: string | null };

/**
 * The /admin/props/{propId} form (docs/SCREENS.md §3.6 "Edit"): a react-hook-form form checked with
 * the API's own request schema (ZUpdatePropRequest), each problem at its field, the server's
 * refusal above the buttons (docs/decisions/047-admin-forms.md).
 */
export function PropEditor({ prop, events: initialEvents, league }: { prop: PropForEdit; events: EventSummary[]; league: string }) {
  const router = useRouter();
  const form = useForm<PropDraft>({ defaultValues: propToDraft(prop) });
  const { handleSubmit, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const [events, setEvents] = useState(initialEvents);
  // The fields are disabled only while the request is out (`sending`), never while the check runs: a
  // disabled control cannot take the focus its problem gives it.
  const { onSubmit: save, sending: saving } = useSchemaSubmit(
    { handleSubmit, setError },
    {
      schema: ZUpdatePropRequest,
      fields: PROP_FIELDS,
      payload: draftToRequest,
      order: inFormOrder,
      // The request as typed: the server parses it with the same schema.
      send: (request) => apiFetch(`/api/admin/props/${prop.propID}`, { schema: ZPropAnswer, method: "PATCH", body: request }),
      toast: "Prop saved",
      then: () => router.refresh(),
    },
  );

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="grid grid-cols-1 gap-4">
      <section className={cardClass}>
        <PropFields form={form} events={events} onEventsChange={setEvents} league={league} disabled={saving} />
      </section>
      <InlineError message={errors.root?.message} />
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
        <Button variant="secondary" onClick={() => router.back()} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
