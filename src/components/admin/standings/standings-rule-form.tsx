"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { apiFetch } from "@/components/api/api-fetch";
import { useFieldProps } from "@/components/admin/forms/field-props";
import { useSchemaSubmit } from "@/components/admin/forms/use-schema-submit";
import { cardClass, Field, InlineError, LabelledOptions, Select } from "@/components/admin/hub/admin-ui";
import { Button } from "@/components/ui/button";
import { ZStandingsRuleAnswer, ZStandingsRuleForm } from "@/domain/schemas/standings";
import { MAX_TIE_BREAK_STEPS, STANDINGS_TIE_BREAK_LABELS, STANDINGS_TIE_BREAKS, type StandingsTieBreak } from "@/domain/standings";

type Values = { step0: string; step1: string; step2: string; step3: string };
const STEP_NAMES = ["step0", "step1", "step2", "step3"] as const satisfies ReadonlyArray<keyof Values>;
const ORDINALS = ["First tie-breaker", "Then", "Then", "Then"];

/**
 * The commissioner's tie-break order for one league season or contest (docs/SCREENS.md §3.3a,
 * docs/decisions/062-league-standings.md): after "Most points", up to four steps in order, each
 * once; "None" ends the order there. Checked with the API's own schema (decision 047).
 */
export function StandingsRuleForm({ scope, order, label }: { scope: string; order: StandingsTieBreak[]; label: string }) {
  const router = useRouter();
  const initial = Object.fromEntries(STEP_NAMES.map((name, i) => [name, order[i] ?? ""])) as Values;
  const { register, handleSubmit, setError, formState } = useForm<Values>({ defaultValues: initial });
  const { errors, isSubmitting } = formState;
  const f = useFieldProps(errors);
  const { onSubmit } = useSchemaSubmit(
    { handleSubmit, setError },
    {
      schema: ZStandingsRuleForm,
      fields: { scope: "root", tieBreak: "step0" },
      payload: (values) => {
        const steps = STEP_NAMES.map((name) => values[name]);
        const cut = steps.indexOf("");
        const chosen = (cut === -1 ? steps : steps.slice(0, cut)) as StandingsTieBreak[];
        if (cut !== -1 && steps.slice(cut).some(Boolean)) {
          setError(STEP_NAMES[cut]!, { message: "Choose this step, or clear the steps after it." });
          return undefined;
        }
        return { scope, tieBreak: chosen };
      },
      send: (payload) => apiFetch("/api/admin/standings/tieBreak", { schema: ZStandingsRuleAnswer, method: "PUT", body: payload }),
      toast: `Tie-breakers saved for ${label}`,
      then: () => router.refresh(),
    },
  );

  return (
    <section className={cardClass} aria-labelledby="tie-break-form-title">
      <h2 id="tie-break-form-title" className="text-xl font-extrabold tracking-tight">
        How ties are broken: {label}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Most points always comes first; then these steps, in order; then handle A to Z (a shared place).
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-3">
        <div className="grid gap-3 sm:grid-cols-2">
          {STEP_NAMES.slice(0, MAX_TIE_BREAK_STEPS).map((name, i) => (
            <Field key={name} {...f.field(name)} label={`${i + 1}. ${ORDINALS[i]}`}>
              <Select {...f.control(name)} {...register(name)}>
                <option value="">None</option>
                <LabelledOptions values={STANDINGS_TIE_BREAKS} labels={STANDINGS_TIE_BREAK_LABELS} />
              </Select>
            </Field>
          ))}
        </div>
        <div className="mt-3">
          <InlineError message={errors.root?.message} />
        </div>
        <Button type="submit" disabled={isSubmitting} className="mt-3">
          {isSubmitting ? "Saving…" : "Save tie-breakers"}
        </Button>
      </form>
    </section>
  );
}
