"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { AlertLine } from "@/components/ui/alert-line";
import { Button } from "@/components/ui/button";
import { CheckboxLabel } from "@/components/ui/checkbox-label";
import { apiFetch } from "@/components/api/api-fetch";
import { VGroupPageAnswer } from "@/domain/schemas/group-answers";
import { GROUP_LIMITS } from "@/domain/groups";

/** New group: a name and whether to draw it a picture; on success, the group's page (docs/decisions/066-groups.md). */
export function CreateGroupForm() {
  const router = useRouter();
  const nameId = useId();
  const [name, setName] = useState("");
  const [picture, setPicture] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await apiFetch("/api/groups", { schema: VGroupPageAnswer, body: { name, picture } });
    if (!answer.ok) {
      setBusy(false);
      return setError(answer.error);
    }
    router.push(answer.data.url);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-line">
      <h2 className="text-lg font-extrabold">Start a group</h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={nameId} className="text-sm font-semibold">
          Group name
        </label>
        <input
          id={nameId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={GROUP_LIMITS.nameLength}
          required
          autoComplete="off"
          placeholder="Office pool, Sunday crew…"
          className="min-h-11 rounded-xl border border-line bg-page px-3"
        />
      </div>
      <CheckboxLabel checked={picture} onChange={setPicture} className="flex min-h-11 items-center gap-2 text-sm">
        Draw a picture for the group
      </CheckboxLabel>
      <AlertLine message={error} />
      <div>
        <Button type="submit" disabled={busy || !name.trim()}>
          {busy ? "Creating…" : "Create group"}
        </Button>
      </div>
    </form>
  );
}
