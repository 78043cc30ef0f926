"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import type { DialogProps } from "@/components/dialogs/dialog-types";
import { apiFetch } from "@/components/api/api-fetch";
import type { StandardSchema } from "@/domain/schemas/standard";
import { cardClass, Field, InlineOutcome, Input } from "@/components/admin/hub/admin-ui";

type Message = { text: string; error: boolean } | null;

/**
 * One audited change to a player on the admin player page (docs/SCREENS.md §3.13): suspending or
 * restoring them, granting or taking back the commissioner role. A card with a reason (3
 * characters at least), confirmed first, posted to `url`; the outcome shows under the reason and
 * the page reloads its data.
 */
export function ReasonedChange({
  name,
  title,
  description,
  confirm,
  url,
  schema,
  body,
  fallback,
  done,
  button,
}: {
  /** The card's ids: `{id}-{name}` for its heading, `{id}-{name}-reason` for its reason. */
  name: string;
  title: string;
  description: string;
  confirm: DialogProps<"confirm">;
  url: string;
  schema: StandardSchema;
  body: (reason: string) => Record<string, unknown>;
  fallback: string;
  done: string;
  button: { label: string; variant: ButtonVariant };
}) {
  const id = useId();
  const router = useRouter();
  const { openModal } = useModal();
  const [reason, setReason] = useState("");
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const save = async () => {
    if (reason.trim().length < 3) return setMessage({ text: "Give a reason (3 characters at least).", error: true });
    setMessage(null);
    const confirmed = await openModal("confirm", confirm);
    if (!confirmed) return;
    setSaving(true);
    const answer = await apiFetch(url, { schema, body: body(reason.trim()), fallback });
    setSaving(false);
    if (!answer.ok) return setMessage({ text: answer.error, error: true });
    setMessage({ text: done, error: false });
    setReason("");
    router.refresh();
  };

  return (
    <section className={cardClass} aria-labelledby={`${id}-${name}`}>
      <h2 id={`${id}-${name}`} className="text-xl font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">{description}</p>
      <div className="mt-3 grid gap-3">
        <Field id={`${id}-${name}-reason`} label="Reason">
          <Input id={`${id}-${name}-reason`} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <InlineOutcome message={message} />
        <div>
          <Button variant={button.variant} onClick={() => void save()} disabled={saving}>
            {saving ? "Saving…" : button.label}
          </Button>
        </div>
      </div>
    </section>
  );
}
