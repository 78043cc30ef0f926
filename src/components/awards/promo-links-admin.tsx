"use client";

import { useId, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Copy, QrCode, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { ZAwardCardInput } from "@/domain/award-card-form";
import { awardCardPath, formatDiamonds } from "@/domain/awards";
import { fromNyDateTimeInput, toNyDateTimeInput } from "@/domain/ny-datetime-input";
import { ZSaveAwardCardAnswer } from "@/domain/schemas/awards";
import { formatDateTime } from "@/domain/time";
import { apiFetch } from "@/components/api/api-fetch";
import { ErrorLine } from "./error-line";

export interface AdminCard {
  id: string;
  code: string;
  name: string;
  kind: "award" | "promo";
  tokensCents: number;
  status: "available" | "disabled";
  validFrom: string | null;
  validUntil: string | null;
  maxClaims: number | null;
  claimsCount: number;
  imageUrl: string | null;
  redirectTeamId: string | null;
  requirementKey: string | null;
  requirementTeamId: string | null;
  targetType: string | null;
  targetTeamId: string | null;
  targetSeriesId: string | null;
  updatedAt: string;
}
interface Props {
  cards: AdminCard[];
  teams: Array<{ id: string; league: string; fullName: string; slug: string }>;
  series: Array<{ id: string; slug: string; title: string }>;
}

type Form = Record<
  | "code" | "name" | "kind" | "tokens" | "status" | "validFrom" | "validUntil" | "maxClaims" | "imageUrl"
  | "redirectTeamId" | "requirementKey" | "requirementTeamId" | "targetType" | "targetTeamId" | "targetSeriesId",
  string
>;

const EMPTY: Form = {
  code: "", name: "", kind: "award", tokens: "", status: "available", validFrom: "", validUntil: "", maxClaims: "", imageUrl: "",
  redirectTeamId: "", requirementKey: "", requirementTeamId: "", targetType: "", targetTeamId: "", targetSeriesId: "",
};

function formFromCard(card: AdminCard): Form {
  return {
    code: card.code, name: card.name, kind: card.kind, tokens: card.kind === "award" ? String(card.tokensCents / 100) : "",
    status: card.status, validFrom: toNyDateTimeInput(card.validFrom), validUntil: toNyDateTimeInput(card.validUntil),
    maxClaims: card.maxClaims === null ? "" : String(card.maxClaims), imageUrl: card.imageUrl ?? "",
    redirectTeamId: card.redirectTeamId ?? "", requirementKey: card.requirementKey ?? "", requirementTeamId: card.requirementTeamId ?? "",
    targetType: card.targetType ?? "", targetTeamId: card.targetTeamId ?? "", targetSeriesId: card.targetSeriesId ?? "",
  };
}

/** The "Create / Update" form and the cards table of docs/SCREENS.md §3.8. */
export function PromoLinksAdmin({ cards, teams, series }: Props) {
  const router = useRouter();
  const { showToast } = useToast();
  const [form, setForm] = useState<Form>(EMPTY);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [qr, setQr] = useState<{ code: string; dataUrl: string } | null>(null);
  const errorId = useId();
  const set = (field: keyof Form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  async function save() {
    setError(null);
    const payload = {
      ...form,
      tokens: form.kind === "promo" ? 0 : form.tokens,
      validFrom: form.validFrom ? fromNyDateTimeInput(form.validFrom) : null,
      validUntil: form.validUntil ? fromNyDateTimeInput(form.validUntil) : null,
    };
    const parsed = ZAwardCardInput.safeParse(payload);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please check the form.");
      return;
    }
    setSaving(true);
    const answer = await apiFetch(editingId ? `/api/admin/awards/${editingId}` : "/api/admin/awards", {
      schema: ZSaveAwardCardAnswer,
      method: editingId ? "PUT" : "POST",
      body: payload,
      fallback: "Something went wrong",
    });
    setSaving(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    showToast("Saved");
    // The form keeps its choices for the next card; only what identifies a card is cleared.
    setEditingId(null);
    setForm((current) => ({ ...current, code: "", name: "" }));
    router.refresh();
  }

  async function copyLink(code: string) {
    await navigator.clipboard.writeText(`${window.location.origin}${awardCardPath(code)}`);
    showToast("Link copied to clipboard");
  }

  async function showQr(code: string) {
    const { toDataURL } = await import("qrcode");
    setQr({ code, dataUrl: await toDataURL(`${window.location.origin}${awardCardPath(code)}`, { width: 320, margin: 2 }) });
  }

  const teamOptions = teams.map((team) => (
    <option key={team.id} value={team.id}>{`${team.league.toUpperCase()} · ${team.fullName}`}</option>
  ));

  return (
    <div className="mt-6 space-y-6">
      <section aria-labelledby="card-form" className="rounded-2xl bg-surface p-4 shadow-sm sm:p-6">
        <h2 id="card-form" className="text-xl font-extrabold">
          {editingId ? `Create / Update: ${form.code}` : "Create / Update"}
        </h2>
        <form
          className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          aria-describedby={error ? errorId : undefined}
        >
          <Field label="Code"><input value={form.code} onChange={(e) => set("code")(e.target.value)} required className={INPUT} /></Field>
          <Field label="Name"><input value={form.name} onChange={(e) => set("name")(e.target.value)} required className={INPUT} /></Field>
          <Field label="Kind">
            <select value={form.kind} onChange={(e) => set("kind")(e.target.value)} className={INPUT}>
              <option value="award">Award</option>
              <option value="promo">Promo</option>
            </select>
          </Field>
          {form.kind === "award" ? (
            <Field label="Diamonds">
              <input type="number" min="0.01" step="0.01" inputMode="decimal" value={form.tokens} onChange={(e) => set("tokens")(e.target.value)} className={INPUT} />
            </Field>
          ) : null}
          <Field label="Status">
            <select value={form.status} onChange={(e) => set("status")(e.target.value)} className={INPUT}>
              <option value="available">Available</option>
              <option value="disabled">Disabled</option>
            </select>
          </Field>
          <Field label="Valid from (ET)"><input type="datetime-local" value={form.validFrom} onChange={(e) => set("validFrom")(e.target.value)} className={INPUT} /></Field>
          <Field label="Valid until (ET)"><input type="datetime-local" value={form.validUntil} onChange={(e) => set("validUntil")(e.target.value)} className={INPUT} /></Field>
          <Field label="Claim cap"><input type="number" min="1" step="1" value={form.maxClaims} onChange={(e) => set("maxClaims")(e.target.value)} className={INPUT} /></Field>
          <Field label="Image URL"><input type="url" value={form.imageUrl} onChange={(e) => set("imageUrl")(e.target.value)} className={INPUT} /></Field>
          <Field label="Redirect team">
            <select value={form.redirectTeamId} onChange={(e) => set("redirectTeamId")(e.target.value)} className={INPUT}>
              <option value="">None</option>
              {teamOptions}
            </select>
          </Field>
          <Field label="Requirement">
            <select value={form.requirementKey} onChange={(e) => set("requirementKey")(e.target.value)} className={INPUT}>
              <option value="">None</option>
              <option value="follow_team">Follow team</option>
            </select>
          </Field>
          {form.requirementKey ? (
            <Field label="Requirement team">
              <select value={form.requirementTeamId} onChange={(e) => set("requirementTeamId")(e.target.value)} className={INPUT}>
                <option value="">Select a team</option>
                {teamOptions}
              </select>
            </Field>
          ) : null}
          {form.kind === "promo" ? (
            <>
              <Field label="Target">
                <select value={form.targetType} onChange={(e) => set("targetType")(e.target.value)} className={INPUT}>
                  <option value="">Select a target</option>
                  <option value="team">Team</option>
                  <option value="series">Series</option>
                </select>
              </Field>
              {form.targetType === "team" ? (
                <Field label="Target team">
                  <select value={form.targetTeamId} onChange={(e) => set("targetTeamId")(e.target.value)} className={INPUT}>
                    <option value="">Select a team</option>
                    {teamOptions}
                  </select>
                </Field>
              ) : null}
              {form.targetType === "series" ? (
                <Field label="Target series">
                  <select value={form.targetSeriesId} onChange={(e) => set("targetSeriesId")(e.target.value)} className={INPUT}>
                    <option value="">Select a series</option>
                    {series.map((entry) => (
                      <option key={entry.id} value={entry.id}>{entry.title}</option>
                    ))}
                  </select>
                </Field>
              ) : null}
            </>
          ) : null}
          <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
            <Button type="submit" disabled={saving}>{saving ? "Saving…" : "Save"}</Button>
            {editingId ? (
              <Button variant="secondary" onClick={() => { setEditingId(null); setForm(EMPTY); }}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
        <div id={errorId} aria-live="assertive">{error ? <ErrorLine message={error} /> : null}</div>
      </section>

      {qr ? (
        <section aria-labelledby="qr-title" className="rounded-2xl bg-surface p-4 text-center shadow-sm">
          <div className="flex items-center justify-between">
            <h2 id="qr-title" className="font-extrabold">{`QR code for ${awardCardPath(qr.code)}`}</h2>
            <button type="button" onClick={() => setQr(null)} aria-label="Close" className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-page">
              <X size={18} aria-hidden="true" />
            </button>
          </div>
          {/* eslint-disable-next-line @next/next/no-img-element -- a generated data URL */}
          <img src={qr.dataUrl} alt={`QR code of the link ${awardCardPath(qr.code)}`} width={320} height={320} className="mx-auto" />
        </section>
      ) : null}

      <section aria-labelledby="cards-table" className="rounded-2xl bg-surface shadow-sm">
        <h2 id="cards-table" className="px-4 pt-4 text-xl font-extrabold">Cards</h2>
        {cards.length === 0 ? (
          <p className="p-8 text-center text-muted">No cards yet.</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="mt-2 w-full min-w-[56rem] text-sm">
              <thead className="sticky top-0 bg-surface">
                <tr className="text-left text-xs uppercase tracking-wide text-muted">
                  {["Code", "Name", "Kind", "Diamonds", "Status", "Claims", "Link", "Updated"].map((heading) => (
                    <th key={heading} scope="col" className="px-4 py-2">{heading}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {cards.map((card) => (
                  <tr key={card.id} className="border-t border-line align-middle">
                    <td className="px-4 py-2">
                      <span className="font-mono font-bold">{card.code}</span>{" "}
                      <button
                        type="button"
                        className="ml-1 min-h-11 px-2 font-semibold text-accent hover:underline"
                        aria-label={`Edit ${card.code}`}
                        onClick={() => {
                          setEditingId(card.id);
                          setForm(formFromCard(card));
                          setError(null);
                          window.scrollTo({ top: 0, behavior: "smooth" });
                        }}
                      >
                        Edit
                      </button>
                    </td>
                    <td className="px-4">{card.name}</td>
                    <td className="px-4 capitalize">{card.kind}</td>
                    <td className="tabular px-4">{card.kind === "award" ? formatDiamonds(card.tokensCents / 100) : "—"}</td>
                    <td className="px-4 capitalize">{card.status}</td>
                    <td className="tabular px-4">{card.maxClaims === null ? String(card.claimsCount) : `${card.claimsCount} / ${card.maxClaims}`}</td>
                    <td className="px-4">
                      <span className="font-mono">{awardCardPath(card.code)}</span>
                      <span className="ml-2 inline-flex gap-1">
                        <IconButton label={`Copy link for ${card.code}`} onClick={() => void copyLink(card.code)}>
                          <Copy size={16} aria-hidden="true" /> Copy
                        </IconButton>
                        <IconButton label={`QR code for ${card.code}`} onClick={() => void showQr(card.code)}>
                          <QrCode size={16} aria-hidden="true" /> QR
                        </IconButton>
                      </span>
                    </td>
                    <td className="px-4 text-muted">{formatDateTime(new Date(card.updatedAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

const INPUT = "mt-1 block min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-ink";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="block text-sm font-semibold">
      {label}
      {children}
    </label>
  );
}

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="inline-flex min-h-11 items-center gap-1 rounded-full border border-line px-3 font-semibold hover:bg-page"
    >
      {children}
    </button>
  );
}
