"use client";

import { useId, useState } from "react";
import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { LoadState, useApiQuery } from "@/components/api/use-api-query";
import { Field, inputClass, TextArea } from "@/components/admin/hub/admin-ui";
import { ZPackOpenTextAnswer, type PackOpenTextChoice, type PackOpenTextPreview } from "@/domain/schemas/pack-texts";
import { formatAdminDateTime } from "@/domain/time";
import type { DialogComponentProps } from "./dialog-types";

export interface PackOpenTextDialogProps {
  /** The pack to preview; or, for a pack not created yet (a super prop), its `preview` worked out already. */
  packId?: string;
  preview?: PackOpenTextPreview;
  packTitle: string;
  status: "open" | "coming-soon";
  /** The pack form's unsaved times (ISO, or null for none); omitted → the stored ones. */
  openTime?: string | null;
  closeTime?: string | null;
}

const players = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "player" : "players"}`;

/**
 * packOpenText (docs/SCREENS.md §4; issue 24 items 4 and 7, decision 040): before a pack opens,
 * shows the exact text its subscribers will get and how many players, lets the admin edit it
 * (300 characters; the link is always added) and choose "Send text" or "Open without texting".
 * A pack whose every prop is closed gets a plain warning instead: it opens with no text.
 * Publishing a super prop shows the same dialog with the preview of its dry run (decision 065).
 * Resolves with the choice, or undefined when cancelled.
 */
export default function PackOpenTextDialog({ props, close }: DialogComponentProps<PackOpenTextDialogProps, PackOpenTextChoice>) {
  const id = useId();
  const query = new URLSearchParams({ status: props.status });
  if (props.openTime !== undefined) query.set("openTime", props.openTime ?? "");
  if (props.closeTime !== undefined) query.set("closeTime", props.closeTime ?? "");
  const read = useApiQuery(props.preview ? null : `/api/admin/packs/${props.packId}/openText?${query}`, {
    schema: ZPackOpenTextAnswer,
    fallback: "Could not load the text",
  });
  const preview = props.preview ?? (read.state.status === "ready" ? read.state.data.preview : null);
  // The text as the admin edits it: the server's until they type.
  const [typed, setMessage] = useState<string | null>(null);
  const message = typed ?? preview?.message ?? "";

  const verb = props.status === "open" ? "Open" : "Publish";
  const title = `${verb} “${props.packTitle}”?`;
  const cancel = (
    <Button variant="secondary" onClick={() => close()}>
      Cancel
    </Button>
  );

  if (!preview) {
    return (
      <Dialog title={title} actions={cancel}>
        <LoadState state={read.state} onRetry={read.retry}>
          {() => null}
        </LoadState>
      </Dialog>
    );
  }

  // Nothing to choose: every prop closed, already announced, or no open time yet.
  if (preview.allClosed || preview.alreadySent || preview.when === "never") {
    return (
      <Dialog
        title={title}
        actions={
          <>
            {cancel}
            <Button data-autofocus onClick={() => close({ send: true })}>
              {preview.allClosed ? `${verb} anyway` : verb}
            </Button>
          </>
        }
      >
        {preview.allClosed ? (
          <div className="rounded-xl border border-line bg-gold-tint p-3">
            <p className="flex items-center gap-2 font-bold">
              <AlertTriangle size={18} aria-hidden="true" />
              Every prop in this pack is closed.
            </p>
            <p className="mt-1">
              Players cannot make takes in it, and no text will be sent. If a prop reopens while the pack is open, its subscribers are
              texted then.
            </p>
          </div>
        ) : preview.alreadySent ? (
          <p>Subscribers were texted when this pack first opened; nobody is texted again.</p>
        ) : (
          <p>It has no open time yet, so no text goes out now; subscribers are texted when it opens.</p>
        )}
      </Dialog>
    );
  }

  const edited = message.trim() !== preview.message;
  const trimmed = message.trim();
  const tooLong = trimmed.length > preview.maxLength;
  const fullText = trimmed.includes(preview.link) ? trimmed : `${trimmed} ${preview.link}`;
  const later = preview.when === "later";
  return (
    <Dialog
      title={title}
      size="lg"
      actions={
        <>
          {cancel}
          <Button variant="secondary" onClick={() => close({ send: false })}>
            Open without texting
          </Button>
          <Button
            data-autofocus
            disabled={!later && (!trimmed || tooLong)}
            onClick={() => close(edited && !later ? { send: true, message: trimmed } : { send: true })}
          >
            Send text
          </Button>
        </>
      }
    >
      <p>
        {later
          ? `It opens ${formatAdminDateTime(new Date(preview.opensAt!))}; then this text goes to ${players(preview.recipients)} subscribed to its league, teams or series (with the time left as it is then).`
          : `This text goes to ${players(preview.recipients)} subscribed to its league, teams or series.`}
      </p>
      {later ? (
        <p className="mt-3 rounded-xl border border-line bg-page p-3" data-testid="pack-open-text">
          {preview.text}
        </p>
      ) : (
        <div className="mt-3">
          <Field id={`${id}-message`} label="Text message">
            <TextArea
              id={`${id}-message`}
              className={`${inputClass} min-h-24`}
              value={message}
              maxLength={preview.maxLength}
              aria-describedby={`${id}-count ${id}-link`}
              onChange={(e) => setMessage(e.target.value)}
            />
            <p id={`${id}-count`} className="mt-1 text-sm text-muted tabular">
              {trimmed.length} / {preview.maxLength} characters
            </p>
            <p id={`${id}-link`} className="text-sm text-muted">
              The pack&apos;s link is added at the end.
            </p>
          </Field>
          <p className="mt-3 text-sm font-semibold">Subscribers will read:</p>
          <p className="mt-1 break-words rounded-xl border border-line bg-page p-3" data-testid="pack-open-text">
            {fullText}
          </p>
        </div>
      )}
    </Dialog>
  );
}
