"use client";

import { useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Copy, QrCode, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { ZAwardCardInput } from "@/domain/award-card-form";
import { awardCardPath, formatDiamonds } from "@/domain/awards";
import { toNyDateTimeInput } from "@/domain/ny-datetime-input";
import { ZSaveAwardCardAnswer } from "@/domain/schemas/awards";
import { formatDateTime } from "@/domain/time";
import { apiFetch } from "@/components/api/api-fetch";
import { DataTable, Field, InlineError, ItemOptions, Select, tdClass } from "@/components/admin/hub/admin-ui";
import { useFieldProps } from "@/components/admin/forms/field-props";
import { useSchemaSubmit } from "@/components/admin/forms/use-schema-submit";
import { instantOf } from "@/components/admin/forms/instant-of";
import { DateTimeField, SelectField, InputField } from "@/components/admin/forms/input-field";

export interface AdminCard {
  id: string;
  code: string;
  name: string;
  kind: "award" | "promo";
  tokensCents: number;
  status: "available" | "disabled";
  /** What the list says of it now: Available, Disabled, Expired, Not started or All claimed. */
  statusLabel: string;
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
  | "code"
  | "name"
  | "kind"
  | "tokens"
  | "status"
  | "validFrom"
  | "validUntil"
  | "maxClaims"
  | "imageUrl"
  | "redirectTeamId"
  | "requirementKey"
  | "requirementTeamId"
  | "targetType"
  | "targetTeamId"
  | "targetSeriesId",
  string
>;

const EMPTY: Form = {
  code: "",
  name: "",
  kind: "award",
  tokens: "",
  status: "available",
  validFrom: "",
  validUntil: "",
  maxClaims: "",
  imageUrl: "",
  redirectTeamId: "",
  requirementKey: "",
  requirementTeamId: "",
  targetType: "",
  targetTeamId: "",
  targetSeriesId: "",
};

function formFromCard(card: AdminCard): Form {
  return {
    code: card.code,
    name: card.name,
    kind: card.kind,
    tokens: card.kind === "award" ? String(card.tokensCents / 100) : "",
    status: card.status,
    validFrom: toNyDateTimeInput(card.validFrom),
    validUntil: toNyDateTimeInput(card.validUntil),
    maxClaims: card.maxClaims === null ? "" : String(card.maxClaims),
    imageUrl: card.imageUrl ?? "",
    redirectTeamId: card.redirectTeamId ?? "",
    requirementKey: card.requirementKey ?? "",
    requirementTeamId: card.requirementTeamId ?? "",
    targetType: card.targetType ?? "",
    targetTeamId: card.targetTeamId ?? "",
    targetSeriesId: card.targetSeriesId ?? "",
  };
}

/** Where each of ZAwardCardInput's fields is shown: every field of the request is one of the form's. */
const CARD_FIELDS = {
  code: "code",
  name: "name",
  kind: "kind",
  tokens: "tokens",
  status: "status",
  validFrom: "validFrom",
  validUntil: "validUntil",
  maxClaims: "maxClaims",
  imageUrl: "imageUrl",
  redirectTeamId: "redirectTeamId",
  requirementKey: "requirementKey",
  requirementTeamId: "requirementTeamId",
  targetType: "targetType",
  targetTeamId: "targetTeamId",
  targetSeriesId: "targetSeriesId",
} as const satisfies Record<keyof Form, keyof Form>;

/**
 * The "Create / Update" form and the cards table of docs/SCREENS.md §3.8. The form is a
 * react-hook-form form checked with the API's own schema (ZAwardCardInput), each problem shown at
 * its field and the first focused, the server's refusal under the form (docs/decisions/047-admin-forms.md).
 */
export function PromoLinksAdmin({ cards, teams, series }: Props) {
  const router = useRouter();
  const { showToast } = useToast();
  const { register, handleSubmit, watch, reset, getValues, setError, formState } = useForm<Form>({ defaultValues: EMPTY });
  const { errors, isSubmitting } = formState;
  const f = useFieldProps(errors);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [qr, setQr] = useState<{ code: string; dataUrl: string } | null>(null);
  const [code, kind, requirementKey, targetType] = watch(["code", "kind", "requirementKey", "targetType"]);

  const { onSubmit: save } = useSchemaSubmit(
    { handleSubmit, setError },
    {
      schema: ZAwardCardInput,
      fields: CARD_FIELDS,
      payload: (values) => ({
        ...values,
        tokens: values.kind === "promo" ? 0 : values.tokens,
        validFrom: instantOf(values.validFrom),
        validUntil: instantOf(values.validUntil),
      }),
      send: (payload) =>
        apiFetch(editingId ? `/api/admin/awards/${editingId}` : "/api/admin/awards", {
          schema: ZSaveAwardCardAnswer,
          method: editingId ? "PUT" : "POST",
          body: payload,
          fallback: "Something went wrong",
        }),
      toast: "Saved",
      then: () => {
        // The form keeps its choices for the next card; only what identifies a card is cleared.
        setEditingId(null);
        reset({ ...getValues(), code: "", name: "" });
        router.refresh();
      },
    },
  );

  async function copyLink(code: string) {
    await navigator.clipboard.writeText(`${window.location.origin}${awardCardPath(code)}`);
    showToast("Link copied to clipboard");
  }

  async function showQr(code: string) {
    const { toDataURL } = await import("qrcode");
    setQr({ code, dataUrl: await toDataURL(`${window.location.origin}${awardCardPath(code)}`, { width: 320, margin: 2 }) });
  }

  /** A team picker of the form (redirect, requirement, target): "None" or "Select a team", then every team. */
  const teamField = (name: "redirectTeamId" | "requirementTeamId" | "targetTeamId", label: string, none: string) => (
    <Field {...f.field(name)} label={label}>
      <Select {...f.control(name)} {...register(name)}>
        <option value="">{none}</option>
        <ItemOptions items={teams} value={(team) => team.id} label={(team) => `${team.league.toUpperCase()} · ${team.fullName}`} />
      </Select>
    </Field>
  );

  return (
    <div className="mt-6 space-y-6">
      <section aria-labelledby="card-form" className="rounded-2xl bg-surface p-4 shadow-sm sm:p-6">
        <h2 id="card-form" className="text-xl font-extrabold">
          {editingId ? `Create / Update: ${code}` : "Create / Update"}
        </h2>
        <form className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" noValidate onSubmit={(event) => void save(event)}>
          <InputField f={f} register={register} name="code" label="Code" required />
          <InputField f={f} register={register} name="name" label="Name" required />
          <SelectField f={f} register={register} name="kind" label="Kind">
            <option value="award">Award</option>
            <option value="promo">Promo</option>
          </SelectField>
          {kind === "award" ? (
            <InputField f={f} register={register} name="tokens" label="Diamonds" type="number" min="0.01" step="0.01" inputMode="decimal" />
          ) : null}
          <SelectField f={f} register={register} name="status" label="Status">
            <option value="available">Available</option>
            <option value="disabled">Disabled</option>
          </SelectField>
          <DateTimeField f={f} register={register} name="validFrom" label="Valid from (ET)" />
          <DateTimeField f={f} register={register} name="validUntil" label="Valid until (ET)" />
          <InputField f={f} register={register} name="maxClaims" label="Claim cap" type="number" min="1" step="1" />
          <InputField f={f} register={register} name="imageUrl" label="Image URL" type="url" />
          {teamField("redirectTeamId", "Redirect team", "None")}
          <SelectField f={f} register={register} name="requirementKey" label="Requirement">
            <option value="">None</option>
            <option value="follow_team">Follow team</option>
          </SelectField>
          {requirementKey ? teamField("requirementTeamId", "Requirement team", "Select a team") : null}
          {kind === "promo" ? (
            <>
              <SelectField f={f} register={register} name="targetType" label="Target">
                <option value="">Select a target</option>
                <option value="team">Team</option>
                <option value="series">Series</option>
              </SelectField>
              {targetType === "team" ? teamField("targetTeamId", "Target team", "Select a team") : null}
              {targetType === "series" ? (
                <SelectField f={f} register={register} name="targetSeriesId" label="Target series">
                  <option value="">Select a series</option>
                  <ItemOptions items={series} value={(entry) => entry.id} label={(entry) => entry.title} />
                </SelectField>
              ) : null}
            </>
          ) : null}
          <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Saving…" : "Save"}
            </Button>
            {editingId ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setEditingId(null);
                  reset(EMPTY);
                }}
              >
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
        <div className="mt-4 empty:hidden">
          <InlineError message={errors.root?.message} />
        </div>
      </section>

      {qr ? (
        <section aria-labelledby="qr-title" className="rounded-2xl bg-surface p-4 text-center shadow-sm">
          <div className="flex items-center justify-between">
            <h2 id="qr-title" className="font-extrabold">{`QR code for ${awardCardPath(qr.code)}`}</h2>
            <button
              type="button"
              onClick={() => setQr(null)}
              aria-label="Close"
              className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-page"
            >
              <X size={18} aria-hidden="true" />
            </button>
          </div>
          {/* eslint-disable-next-line @next/next/no-img-element -- a generated data URL */}
          <img src={qr.dataUrl} alt={`QR code of the link ${awardCardPath(qr.code)}`} width={320} height={320} className="mx-auto" />
        </section>
      ) : null}

      <section aria-labelledby="cards-table" className="grid gap-3">
        <h2 id="cards-table" className="text-xl font-extrabold">
          Cards
        </h2>
        {cards.length === 0 ? (
          <p className="p-8 text-center text-muted">No cards yet.</p>
        ) : (
          // The section around it is the "Cards" region: the scroll box is "Cards table", the table itself "Cards".
          <DataTable
            label="Cards table"
            tableProps={{ "aria-label": "Cards" }}
            tableClassName="w-full min-w-[56rem] text-sm"
            columns={["Code", "Name", "Kind", "Diamonds", "Status", "Claims", "Link", "Updated"]}
          >
            {cards.map((card) => (
              <tr key={card.id}>
                <td className={tdClass}>
                  <span className="font-mono font-bold">{card.code}</span>{" "}
                  <button
                    type="button"
                    className="ml-1 min-h-11 px-2 font-semibold text-accent hover:underline"
                    aria-label={`Edit ${card.code}`}
                    onClick={() => {
                      setEditingId(card.id);
                      reset(formFromCard(card));
                      window.scrollTo({ top: 0, behavior: "smooth" });
                    }}
                  >
                    Edit
                  </button>
                </td>
                <td className={tdClass}>{card.name}</td>
                <td className={`${tdClass} capitalize`}>{card.kind}</td>
                <td className={`${tdClass} tabular`}>{card.kind === "award" ? formatDiamonds(card.tokensCents / 100) : "—"}</td>
                <td className={tdClass}>{card.statusLabel}</td>
                <td className={`${tdClass} tabular`}>
                  {card.maxClaims === null ? String(card.claimsCount) : `${card.claimsCount} / ${card.maxClaims}`}
                </td>
                <td className={tdClass}>
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
                <td className={`${tdClass} text-muted`}>{formatDateTime(new Date(card.updatedAt))}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
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
