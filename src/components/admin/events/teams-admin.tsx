"use client";

import { useCallback, useEffect, useId, useState, type ChangeEvent } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/components/api/api-fetch";
import { cardClass, DataTable, Field, FilterBar, InlineError, Input, LeagueSelect, tdClass } from "@/components/admin/hub/admin-ui";
import { useFieldProps } from "@/components/admin/forms/field-props";
import { useSchemaSubmit } from "@/components/admin/forms/use-schema-submit";
import { slugify } from "@/domain/authoring";
import { ZDeletedAnswer, ZSaveTeamAnswer, ZTeamRequest, ZTeamsAnswer, type AdminTeam } from "@/domain/schemas/events";
import { UrlPreview } from "@/components/admin/forms/url-preview";
import { InputField } from "@/components/admin/forms/input-field";

type TeamFormValues = { name: string; fullName: string; slug: string; abbreviation: string; league: string; logoUrl: string };

/** Where each of ZTeamRequest's fields is shown. */
const TEAM_FIELDS = {
  name: "name",
  fullName: "fullName",
  slug: "slug",
  abbreviation: "abbreviation",
  league: "league",
  logoUrl: "logoUrl",
} as const;

/**
 * A registered text field whose text is changed as it is typed, so the admin sees it as it is
 * stored: slugs in lower case, abbreviations in capitals.
 */
function typedAs(field: UseFormRegisterReturn, as: (text: string) => string) {
  return {
    ...field,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const typed = as(e.target.value);
      if (typed !== e.target.value) e.target.value = typed;
      return field.onChange(e);
    },
  };
}

/** /admin/teams: the teams table, "Fetch Teams" and the team form (docs/SCREENS.md §3.4). */
export function TeamsAdmin() {
  const id = useId();
  const { openModal } = useModal();
  const [league, setLeague] = useState("");
  const [rows, setRows] = useState<AdminTeam[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The team being created (teamId null) or edited; `key` starts a fresh form each time one is opened.
  const [editing, setEditing] = useState<{ teamId: string | null; initial: TeamFormValues; key: number } | null>(null);

  const load = useCallback(async () => {
    const answer = await apiFetch(`/api/admin/teams${league ? `?league=${league}` : ""}`, {
      schema: ZTeamsAnswer,
      fallback: "Failed to load teams",
    });
    if (answer.ok) {
      setRows(answer.data.teams);
      setError(null);
    } else setError(answer.error);
  }, [league]);
  useEffect(() => void load(), [load]);

  const open = (teamId: string | null, initial: TeamFormValues) =>
    setEditing((current) => ({ teamId, initial, key: (current?.key ?? 0) + 1 }));

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-2">
        <FilterBar label="Filter teams" className="">
          <Field id={`${id}-league`} label="League">
            <LeagueSelect id={`${id}-league`} allLabel="All" value={league} onChange={(e) => setLeague(e.target.value)} />
          </Field>
        </FilterBar>
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
          onClick={() => open(null, { name: "", fullName: "", slug: "", abbreviation: "", league: league || "nfl", logoUrl: "" })}
        >
          New Team
        </Button>
      </div>
      {editing ? (
        <TeamForm
          key={editing.key}
          teamId={editing.teamId}
          initial={editing.initial}
          onClose={(changed) => {
            setEditing(null);
            if (changed) void load();
          }}
        />
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
                <a
                  href={`/teams/${team.routeSlug}`}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-accent underline"
                >
                  /teams/{team.routeSlug} <ExternalLink size={14} aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </td>
              <td className={tdClass}>
                {team.logoUrl ? (
                  // eslint-disable-next-line @next/next/no-img-element -- team logos from any host, shown whole
                  <img src={team.logoUrl} alt="" width={32} height={32} loading="lazy" className="h-8 w-8 object-contain" />
                ) : (
                  "—"
                )}
              </td>
              <td className={tdClass}>
                <Button
                  variant="ghost"
                  aria-label={`Edit ${team.fullName}`}
                  onClick={() =>
                    open(team.id, {
                      name: team.name,
                      fullName: team.fullName,
                      slug: team.slug,
                      abbreviation: team.abbreviation,
                      league: team.league,
                      logoUrl: team.logoUrl ?? "",
                    })
                  }
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

/**
 * Create (teamId null) or edit a team (docs/SCREENS.md §3.4): a react-hook-form form checked with
 * the API's own schema (ZTeamRequest), each problem shown at its field and the server's refusal
 * above the buttons (docs/decisions/047-admin-forms.md). `onClose(true)` when a team was saved or deleted.
 */
function TeamForm({ teamId, initial, onClose }: { teamId: string | null; initial: TeamFormValues; onClose: (changed: boolean) => void }) {
  const { openModal } = useModal();
  const { showToast } = useToast();
  const { register, handleSubmit, watch, getValues, setError, formState } = useForm<TeamFormValues>({ defaultValues: initial });
  const { errors, isSubmitting } = formState;
  const [deleting, setDeleting] = useState(false);
  const busy = isSubmitting || deleting;
  const f = useFieldProps(errors);
  const [name, slug, logoUrl] = watch(["name", "slug", "logoUrl"]);

  const { onSubmit } = useSchemaSubmit(
    { handleSubmit, setError },
    {
      schema: ZTeamRequest,
      fields: TEAM_FIELDS,
      payload: (values) => ({
        league: values.league,
        name: values.name,
        fullName: values.fullName,
        slug: values.slug,
        abbreviation: values.abbreviation,
        logoUrl: values.logoUrl,
      }),
      send: (payload) =>
        apiFetch(teamId ? `/api/admin/teams/${teamId}` : "/api/admin/teams", {
          schema: ZSaveTeamAnswer,
          method: teamId ? "PATCH" : "POST",
          body: payload,
        }),
      toast: teamId ? "Team saved" : "Team created",
      then: () => onClose(true),
    },
  );

  const remove = async () => {
    if (!teamId) return;
    const confirmed = await openModal("confirm", {
      title: "Delete team?",
      message: `Delete ${getValues("fullName")}?`,
      confirmLabel: "Delete",
      destructive: true,
    });
    if (!confirmed) return;
    setDeleting(true);
    const answer = await apiFetch(`/api/admin/teams/${teamId}`, { schema: ZDeletedAnswer, method: "DELETE" });
    setDeleting(false);
    if (!answer.ok) return setError("root", { message: answer.error });
    showToast("Team deleted");
    onClose(true);
  };

  return (
    <section className={cardClass} aria-label={teamId ? "Edit team" : "New team"}>
      <form onSubmit={onSubmit} noValidate>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <InputField f={f} register={register} name="name" label="Name" />
          <InputField f={f} register={register} name="fullName" label="Full name" />
          <Field {...f.field("slug")} label="Slug" hint={`Public page: /teams/${slug || slugify(name) || "…"}`}>
            <Input {...f.control("slug", { hint: true })} {...typedAs(register("slug"), (text) => text.toLowerCase())} />
          </Field>
          <Field {...f.field("abbreviation")} label="Abbreviation">
            <Input {...f.control("abbreviation")} maxLength={6} {...typedAs(register("abbreviation"), (text) => text.toUpperCase())} />
          </Field>
          <Field {...f.field("league")} label="League">
            <LeagueSelect {...f.control("league")} {...register("league")} />
          </Field>
          <Field {...f.field("logoUrl")} label="Logo URL">
            <div className="flex items-center gap-2">
              <Input {...f.control("logoUrl")} {...register("logoUrl")} />
              {logoUrl ? <UrlPreview src={logoUrl} alt="Logo preview" className="h-8 w-8 shrink-0 object-contain" /> : null}
            </div>
          </Field>
        </div>
        <div className="mt-3">
          <InlineError message={errors.root?.message} />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {isSubmitting ? "Saving…" : teamId ? "Save" : "Create Team"}
          </Button>
          <Button variant="secondary" onClick={() => onClose(false)} disabled={busy}>
            Cancel
          </Button>
          {teamId ? (
            <Button variant="danger" onClick={remove} disabled={busy}>
              Delete
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
