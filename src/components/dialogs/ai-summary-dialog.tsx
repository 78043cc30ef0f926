"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Check, Copy, Sparkles } from "lucide-react";
import { AI_MODELS } from "@/config";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/components/api/api-fetch";
import { useApiQuery } from "@/components/api/use-api-query";
import { Field, InlineError, Input, inputClass, ItemOptions, Select, TextArea } from "@/components/admin/hub/admin-ui";
import { buildSummaryPrompt, clampWordsMax, DEFAULT_WORDS_MAX, summaryFactsOf, type SummaryEventFacts } from "@/domain/ai-summary";
import { ZAiConfigAnswer, ZPropSummaryAnswer, ZSummaryEventAnswer } from "@/domain/schemas/ai-summary";
import type { DialogComponentProps } from "./dialog-types";

interface AiSummaryProps {
  eventId?: string | null;
  /** A pack's games: the preview covers each of them (issue 24). */
  eventIds?: string[];
  /** Saves the summary to this prop as well (the prop edit screen). */
  propId?: string;
}

const COPIED_MS = 1_200;

/** aiSummary (docs/SCREENS.md §4.7): writes a short preview of the linked event; "Use this" returns the text. */
export default function AiSummaryDialog({ props, close, setBusy }: DialogComponentProps<AiSummaryProps, string>) {
  const id = useId();
  const eventIdsKey = (props.eventIds?.length ? props.eventIds : props.eventId ? [props.eventId] : []).join(",");
  const eventId = eventIdsKey || null;
  // The configured default model (GET /api/admin/aiConfig) until the admin picks one.
  const config = useApiQuery("/api/admin/aiConfig", { schema: ZAiConfigAnswer });
  const [picked, setModel] = useState<string | null>(null);
  const model = picked ?? (config.state.status === "ready" ? config.state.data.defaultModel : "gpt-5-mini");
  const [wordsMax, setWordsMax] = useState(String(DEFAULT_WORDS_MAX));
  const [context, setContext] = useState("");
  const [prompt, setPrompt] = useState("");
  const [summary, setSummary] = useState("");
  const [offline, setOffline] = useState(false);
  const [busy, setBusyState] = useState(false);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const [facts, setFacts] = useState<SummaryEventFacts[] | null>(null);

  useEffect(() => {
    if (eventId) {
      void Promise.all(eventId.split(",").map((one) => apiFetch(`/api/admin/events/${one}`, { schema: ZSummaryEventAnswer }))).then(
        (answers) => {
          const found = answers.flatMap((answer) => (answer.ok ? [answer.data.event] : []));
          if (found.length === answers.length) setFacts(found.map(summaryFactsOf));
        },
      );
    }
    return () => clearTimeout(copiedTimer.current);
  }, [eventId]);

  const clampedWords = clampWordsMax(wordsMax);
  // The same prompt the server sends, so it can be pasted into any external AI tool.
  const suggestedPrompt = facts ? buildSummaryPrompt(facts, context, clampedWords) : prompt;

  const copyPrompt = async () => {
    try {
      await navigator.clipboard.writeText(suggestedPrompt);
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      setError("Could not copy the prompt");
    }
  };

  const generate = async () => {
    if (!eventId) return;
    setBusyState(true);
    setBusy(true);
    setError(null);
    const answer = await apiFetch("/api/admin/generatePropSummary", {
      schema: ZPropSummaryAnswer,
      body: { eventIds: eventId.split(","), context, model, wordsMax: clampedWords, ...(props.propId ? { propId: props.propId } : {}) },
      fallback: "AI summary generation failed",
    });
    setBusyState(false);
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setSummary(answer.data.summary);
    setOffline(answer.data.offline);
    setPrompt(answer.data.prompt);
  };

  return (
    <Dialog
      title="Generate AI Summary"
      size="lg"
      description={eventId ? undefined : "Link an event to enable AI summary."}
      actions={
        <>
          <Button variant="secondary" onClick={() => close()} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => close(summary)} disabled={busy || !summary}>
            Use this
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <div>
          <div className="mb-1 flex items-center justify-between gap-2">
            <label htmlFor={`${id}-prompt`} className="text-sm font-semibold">
              Suggested prompt for external AI
            </label>
            <Button variant="secondary" onClick={copyPrompt} className="min-h-9 px-3">
              {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <TextArea id={`${id}-prompt`} className={`${inputClass} min-h-24 font-mono text-sm`} readOnly value={suggestedPrompt} />
          <span role="status" className="sr-only">
            {copied ? "Prompt copied" : ""}
          </span>
        </div>
        <Field id={`${id}-context`} label="Optional context">
          <TextArea
            id={`${id}-context`}
            className={`${inputClass} min-h-20`}
            placeholder="Paste latest news or stats"
            value={context}
            onChange={(e) => setContext(e.target.value)}
            maxLength={4000}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field id={`${id}-model`} label="Model">
            <Select id={`${id}-model`} value={model} onChange={(e) => setModel(e.target.value)}>
              <ItemOptions items={AI_MODELS} value={(m) => m} label={(m) => m} />
            </Select>
          </Field>
          <Field id={`${id}-words`} label="Max words">
            <Input
              id={`${id}-words`}
              type="number"
              inputMode="numeric"
              min={10}
              max={200}
              value={wordsMax}
              onChange={(e) => setWordsMax(e.target.value)}
              onBlur={() => setWordsMax(String(clampedWords))}
            />
          </Field>
        </div>
        <div>
          <Button onClick={generate} disabled={!eventId || busy} title={eventId ? undefined : "Link an event first"}>
            <Sparkles size={16} aria-hidden="true" />
            {busy ? "Generating…" : "Generate"}
          </Button>
        </div>
        <div>
          <div className="mb-1 flex items-center gap-2 text-sm font-semibold">
            Preview
            {summary && offline ? <span className="rounded-full bg-push-tint px-2 py-0.5 text-xs text-push">Offline summary</span> : null}
          </div>
          <p aria-live="polite" className="min-h-16 rounded-lg border border-line bg-page p-3">
            {summary || <span className="text-muted">(empty)</span>}
          </p>
        </div>
        <InlineError message={error} />
      </div>
    </Dialog>
  );
}
