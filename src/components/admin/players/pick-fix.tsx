"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { apiFetch } from "@/components/api/api-fetch";
import { cardClass, Field, InlineOutcome, Input, ItemOptions, Select } from "@/components/admin/hub/admin-ui";
import { formatDiamondCents } from "@/domain/admin-players";
import { ZPickFixAnswer, ZPickFixOptions, type PickFixAnswer, type PickFixOptions } from "@/domain/schemas/pick-fixes";

type Message = { text: string; error: boolean } | null;
type Choice = "A" | "B" | "remove";

const GRADED = new Set(["gradedA", "gradedB", "push", "void"]);

/** What the fix does to the player's points and diamonds, in the confirmation's words. */
export function pickFixEffect(answer: PickFixAnswer): string {
  const { before, after } = answer;
  const change = `${before.words} → ${after.words} on “${answer.propLabel}” (${answer.packTitle}).`;
  if (!answer.graded) return `${change} The prop is not graded yet: points and diamonds follow when it is. The player is texted.`;
  return (
    `${change} Points from it: ${before.points} → ${after.points}; diamonds: ${formatDiamondCents(before.tokensCents)} → ` +
    `${formatDiamondCents(after.tokensCents)}. The player is texted and sees the reason on their receipt.`
  );
}

/**
 * "Fix a pick" on the admin player page (docs/SCREENS.md §3.13, docs/decisions/061-pick-fixes.md):
 * choose a pack and one of its props, the side (or remove the pick) and a reason; the confirmation
 * shows what it does to the player's points and diamonds, computed by the server without writing.
 */
export function PickFix({ profileId, handle }: { profileId: string; handle: string }) {
  const id = useId();
  const router = useRouter();
  const { openModal } = useModal();
  const [options, setOptions] = useState<PickFixOptions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [packURL, setPackURL] = useState("");
  const [propId, setPropId] = useState("");
  const [choice, setChoice] = useState<Choice | "">("");
  const [reason, setReason] = useState("");
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  // The button stays enabled (and focused) while the effect is worked out, so the confirmation returns focus to it; this keeps one at a time.
  const checking = useRef(false);

  useEffect(() => {
    let live = true;
    const query = `profileId=${profileId}${packURL ? `&packURL=${encodeURIComponent(packURL)}` : ""}`;
    void apiFetch(`/api/admin/pickFixes?${query}`, { schema: ZPickFixOptions, fallback: "Failed to load the packs" }).then((answer) => {
      if (!live) return;
      if (!answer.ok) return setLoadError(answer.error);
      setLoadError(null);
      setOptions((old) => ({ packs: old?.packs.length ? old.packs : answer.data.packs, props: answer.data.props }));
    });
    return () => {
      live = false;
    };
  }, [profileId, packURL]);

  const prop = options?.props.find((p) => p.id === propId) ?? null;

  const save = async () => {
    if (!prop) return setMessage({ text: "Choose a pack and a prop.", error: true });
    if (!choice) return setMessage({ text: "Choose a side, or remove the pick.", error: true });
    if (reason.trim().length < 3) return setMessage({ text: "Give a reason (3 characters at least).", error: true });
    setMessage(null);
    const body = { profileId, propId: prop.id, side: choice === "remove" ? null : choice, reason: reason.trim() };
    if (checking.current) return;
    checking.current = true;
    try {
      const preview = await apiFetch("/api/admin/pickFixes", {
        schema: ZPickFixAnswer,
        body: { ...body, idempotencyKey: crypto.randomUUID(), preview: true },
        fallback: "Failed to work out the fix",
      });
      if (!preview.ok) return setMessage({ text: preview.error, error: true });
      const confirmed = await openModal("confirm", {
        title: `Fix @${handle}'s pick?`,
        message: pickFixEffect(preview.data),
        confirmLabel: "Fix the pick",
        destructive: preview.data.after.tokensCents < preview.data.before.tokensCents,
      });
      if (!confirmed) return;
    } finally {
      checking.current = false;
    }
    setSaving(true);
    const answer = await apiFetch("/api/admin/pickFixes", {
      schema: ZPickFixAnswer,
      body: { ...body, idempotencyKey: crypto.randomUUID() },
      fallback: "Failed to fix the pick",
    });
    setSaving(false);
    if (!answer.ok) return setMessage({ text: answer.error, error: true });
    setMessage({
      text: `Pick fixed: ${answer.data.before.words} → ${answer.data.after.words}.${answer.data.texted ? " The player was texted." : ""}`,
      error: false,
    });
    setReason("");
    setChoice("");
    setOptions((old) => (old ? { ...old, props: old.props.map((p) => (p.id === prop.id ? { ...p, currentSide: body.side } : p)) } : old));
    router.refresh();
  };

  const sideLabel = (side: "A" | "B" | null) => (!prop || side === null ? "No pick" : side === "A" ? prop.sideA : prop.sideB);

  return (
    <section className={cardClass} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        Fix a pick
      </h2>
      <p className="mt-1 text-sm text-muted">
        Add a late pick, switch a disputed one or remove it. On a graded prop points and diamonds are settled at once.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-pack`} label="Pack">
          <Select
            id={`${id}-pack`}
            value={packURL}
            disabled={!options}
            onChange={(e) => {
              setPackURL(e.target.value);
              setPropId("");
              setChoice("");
            }}
          >
            <option value="">{options ? "Choose a pack" : "Loading packs…"}</option>
            <ItemOptions items={options?.packs ?? []} value={(pack) => pack.packURL} label={(pack) => pack.title} />
          </Select>
        </Field>
        <Field id={`${id}-prop`} label="Prop">
          <Select
            id={`${id}-prop`}
            value={propId}
            disabled={!packURL || !options?.props.length}
            onChange={(e) => {
              setPropId(e.target.value);
              setChoice("");
            }}
          >
            <option value="">Choose a prop</option>
            <ItemOptions
              items={options?.props ?? []}
              value={(p) => p.id}
              label={(p) => (
                <>
                  {p.label}
                  {GRADED.has(p.status) ? " (graded)" : ""}
                </>
              )}
            />
          </Select>
        </Field>
      </div>
      {loadError ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-lost">
          {loadError}
        </p>
      ) : null}
      {prop ? (
        <fieldset className="mt-3">
          <legend className="text-sm font-semibold">
            New pick <span className="font-normal text-muted">(now: {sideLabel(prop.currentSide)})</span>
          </legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {(["A", "B"] as const).map((side) => (
              <label key={side} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-side`}
                  value={side}
                  checked={choice === side}
                  disabled={prop.currentSide === side}
                  onChange={() => setChoice(side)}
                />
                {side === "A" ? prop.sideA : prop.sideB} ({side === "A" ? prop.valueA : prop.valueB} pts)
              </label>
            ))}
            <label className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-side`}
                value="remove"
                checked={choice === "remove"}
                disabled={prop.currentSide === null}
                onChange={() => setChoice("remove")}
              />
              Remove the pick
            </label>
          </div>
        </fieldset>
      ) : null}
      <div className="mt-3 grid gap-3">
        <Field id={`${id}-reason`} label="Reason" hint="The player reads it in the text and on their receipt.">
          <Input
            id={`${id}-reason`}
            value={reason}
            maxLength={300}
            aria-describedby={`${id}-reason-hint`}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <InlineOutcome message={message} />
        <div>
          <Button onClick={() => void save()} disabled={saving}>
            {saving ? "Working…" : "Fix the pick"}
          </Button>
        </div>
      </div>
    </section>
  );
}
