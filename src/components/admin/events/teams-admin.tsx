"use client";

import { useCallback, useEffect, useId, useState } from "react";
import { ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/components/api/api-fetch";
import { cardClass, DataTable, Field, InlineError, inputClass, labelClass, LeagueSelect, tdClass } from "@/components/admin/hub/admin-ui";
import { slugify } from "@/domain/authoring";
import { ZDeletedAnswer, ZSaveTeamAnswer, ZTeamsAnswer, type AdminTeam } from "@/domain/schemas/events";

const EMPTY = { name: "", fullName: "", slug: "", abbreviation: "", league: "nfl", logoUrl: "" };

/** /admin/teams: the teams table, "Fetch Teams" and the team form (docs/SCREENS.md §3.4). */
export function TeamsAdmin() {
  const id = useId();
  const { openModal } = useModal();
  const { showToast } = useToast();
  const [league, setLeague] = useState("");
  const [rows, setRows] = useState<AdminTeam[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState<typeof EMPTY | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const answer = await apiFetch(`/api/admin/teams${league ? `?league=${league}` : ""}`, { schema: ZTeamsAnswer, fallback: "Failed to load teams" });
    if (answer.ok) {
      setRows(answer.data.teams);
      setError(null);
    } else setError(answer.error);
  }, [league]);
  useEffect(() => void load(), [load]);

  const save = async () => {
    if (!form) return;
    setSaving(true);
    setFormError(null);
    const answer = await apiFetch(editingId ? `/api/admin/teams/${editingId}` : "/api/admin/teams", {
      schema: ZSaveTeamAnswer,
      method: editingId ? "PATCH" : "POST",
      body: form,
    });
    setSaving(false);
    if (!answer.ok) return setFormError(answer.error);
    showToast(editingId ? "Team saved" : "Team created");
    setForm(null);
    setEditingId(null);
    void load();
  };

  const remove = async () => {
    if (!editingId) return;
    const confirmed = await openModal("confirm", { title: "Delete team?", message: `Delete ${form?.fullName}?`, confirmLabel: "Delete", destructive: true });
    if (!confirmed) return;
    const answer = await apiFetch(`/api/admin/teams/${editingId}`, { schema: ZDeletedAnswer, method: "DELETE" });
    if (!answer.ok) return setFormError(answer.error);
    showToast("Team deleted");
    setForm(null);
    setEditingId(null);
    void load();
  };

  const set = (key: keyof typeof EMPTY, value: string) => setForm((f) => (f ? { ...f, [key]: value } : f));

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-league`} className={labelClass}>
            League
          </label>
          <LeagueSelect id={`${id}-league`} allLabel="All" value={league} onChange={(e) => setLeague(e.target.value)} />
        </div>
        <Button
          onClick={async () => {
            await openModal("fetchTeams", { league: league || "nfl" });
            void load();
          }}
        >
          Fetch Teams
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setEditingId(null);
            setForm({ ...EMPTY, league: league || "nfl" });
          }}
        >
          New Team
        </Button>
      </div>
      {form ? (
        <section className={cardClass} aria-label={editingId ? "Edit team" : "New team"}>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Field id={`${id}-name`} label="Name">
              <input id={`${id}-name`} className={inputClass} value={form.name} onChange={(e) => set("name", e.target.value)} />
            </Field>
            <Field id={`${id}-full`} label="Full name">
              <input id={`${id}-full`} className={inputClass} value={form.fullName} onChange={(e) => set("fullName", e.target.value)} />
            </Field>
            <Field id={`${id}-slug`} label="Slug" hint={`Public page: /teams/${form.slug || slugify(form.name) || "…"}`}>
              <input id={`${id}-slug`} className={inputClass} value={form.slug} aria-describedby={`${id}-slug-hint`} onChange={(e) => set("slug", e.target.value.toLowerCase())} />
            </Field>
            <Field id={`${id}-abbr`} label="Abbreviation">
              <input id={`${id}-abbr`} className={inputClass} value={form.abbreviation} maxLength={6} onChange={(e) => set("abbreviation", e.target.value.toUpperCase())} />
            </Field>
            <Field id={`${id}-form-league`} label="League">
              <LeagueSelect id={`${id}-form-league`} value={form.league} onChange={(e) => set("league", e.target.value)} />
            </Field>
            <Field id={`${id}-logo`} label="Logo URL">
              <div className="flex items-center gap-2">
                <input id={`${id}-logo`} className={inputClass} value={form.logoUrl} onChange={(e) => set("logoUrl", e.target.value)} />
                {/* eslint-disable-next-line @next/next/no-img-element -- a preview of the admin's own URL */}
                {form.logoUrl ? <img src={form.logoUrl} alt="Logo preview" data-no-art width={32} height={32} className="h-8 w-8 object-contain" /> : null}
              </div>
            </Field>
          </div>
          <div className="mt-3">
            <InlineError message={formError} />
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={save} disabled={saving}>
              {saving ? "Saving…" : editingId ? "Save" : "Create Team"}
            </Button>
            <Button variant="secondary" onClick={() => setForm(null)} disabled={saving}>
              Cancel
            </Button>
            {editingId ? (
              <Button variant="danger" onClick={remove} disabled={saving}>
                Delete
              </Button>
            ) : null}
          </div>
        </section>
      ) : null}
      <InlineError message={error} />
      {rows === null ? (
        <p role="status" className="text-muted">
          Loading…
        </p>
      ) : (
        <DataTable label="Teams" columns={["League", "Name", "Slug", "Abbreviation", "Public", "Logo", { hidden: "Actions" }]}>
          {rows.map((team) => (
            <tr key={team.id}>
              <td className={`${tdClass} uppercase`}>{team.league}</td>
              <td className={`${tdClass} font-semibold`}>{team.fullName}</td>
              <td className={tdClass}>{team.slug}</td>
              <td className={tdClass}>{team.abbreviation}</td>
              <td className={tdClass}>
                <a href={`/teams/${team.routeSlug}`} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-accent underline">
                  /teams/{team.routeSlug} <ExternalLink size={14} aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </td>
              {/* eslint-disable-next-line @next/next/no-img-element -- team logos from any host, shown whole */}
              <td className={tdClass}>{team.logoUrl ? <img src={team.logoUrl} alt="" width={32} height={32} loading="lazy" className="h-8 w-8 object-contain" /> : "—"}</td>
              <td className={tdClass}>
                <Button
                  variant="ghost"
                  aria-label={`Edit ${team.fullName}`}
                  onClick={() => {
                    setEditingId(team.id);
                    setForm({ name: team.name, fullName: team.fullName, slug: team.slug, abbreviation: team.abbreviation, league: team.league, logoUrl: team.logoUrl ?? "" });
                  }}
                >
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
