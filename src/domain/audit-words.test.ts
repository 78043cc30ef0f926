import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_SUBJECTS, auditActionWords, describeAuditEntry, describeAuditLine } from "./audit-words";

const SRC = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text between the parenthesis at `open` and its match. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/**
 * Every action name a call of recordAdminAction (or of updateAudited and changeProfileAudited, which
 * pass their caller's action on to it) can write: the string literals of its `action:`
 * (both sides of a ternary), and each template expanded (a `${…}` holding literals stands for each
 * of them, any other for each kind of subject, as `${options.kind}.delete` does).
 */
function recordedActions(): Map<string, string> {
  const actions = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, "utf8");
    // recordAdminAction and the helpers that call it with an action their callers name.
    for (const call of text.matchAll(/\b(recordAdminAction|updateAudited|changeProfileAudited)(?:<[^>(]*>)?\(/g)) {
      if (/function \w+$/.test(text.slice(Math.max(0, call.index - 30), call.index + call[1]!.length))) continue;
      const args = argumentsAt(text, call.index + call[0].length - 1);
      for (const match of args.matchAll(/\baction: ([^\n]+)/g)) {
        // The expression ends at the first comma outside a template.
        const line = match[1]!;
        let end = line.length;
        for (let i = 0, quoted = false; i < line.length; i++) {
          if (line[i] === "`") quoted = !quoted;
          else if (line[i] === "," && !quoted) {
            end = i;
            break;
          }
        }
        const expression = line.slice(0, end);
        const templates = [...expression.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
        const literals = templates.length ? [] : [...expression.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
        const expanded = templates.flatMap((template) =>
          template.split(/(\$\{[^}]*\})/).reduce<string[]>(
            (names, part) => {
              if (!part.startsWith("${")) return names.map((name) => name + part);
              const choices = [...part.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
              return names.flatMap((name) => (choices.length ? choices : AUDIT_SUBJECTS).map((choice) => name + choice));
            },
            [""],
          ),
        );
        for (const name of [...literals, ...expanded]) actions.set(name, path.relative(SRC, file));
      }
    }
  }
  return actions;
}

describe("the audit log's words", () => {
  it("reads every action recorded anywhere in src in words, none as its raw key", () => {
    const actions = recordedActions();
    // The scan itself works: it finds the plain, the ternary and the template actions.
    const known = [
      "pack.create",
      "prop.ungrade",
      "pack.graded",
      "event.cover",
      "prop.delete",
      "series.update",
      "seed",
      "profile.delete_account",
      "team.update",
    ];
    for (const name of known) {
      expect([...actions.keys()], name).toContain(name);
    }
    const unworded = [...actions].filter(([action]) => auditActionWords(action) === null).map(([action, file]) => `${action} (${file})`);
    expect(unworded).toEqual([]);
  });

  it("names the subject after the verb", () => {
    expect(describeAuditEntry({ action: "profile.grant_commissioner", entityType: "profile", entityLabel: "@ref", entityId: null })).toBe(
      "Gave the commissioner role to player “@ref”",
    );
    expect(describeAuditEntry({ action: "pack.graded", entityType: "pack", entityLabel: "Sunday", entityId: null })).toBe(
      "Finished grading pack “Sunday”",
    );
    expect(describeAuditEntry({ action: "props.close-due", entityType: "prop", entityLabel: null, entityId: null })).toBe(
      "Closed every prop past its close time",
    );
  });

  it("reads a folded run of entries as one line with its count and its first and last times", () => {
    const run = { entityType: "event", entityLabel: "Bills at Jets", entityId: null };
    // 14:02Z and 14:05Z are 09:02 and 09:05 in New York in November.
    expect(
      describeAuditLine({
        ...run,
        action: "event.cover",
        folded: 14,
        firstAt: "2026-11-29T14:02:00.000Z",
        createdAt: "2026-11-29T14:05:00.000Z",
      }),
    ).toBe("Drew 14 covers, 09:02–09:05");
    expect(
      describeAuditLine({
        ...run,
        action: "prop.grade",
        entityType: "prop",
        folded: 3,
        firstAt: "2026-11-29T14:02:00.000Z",
        createdAt: "2026-11-29T14:02:30.000Z",
      }),
    ).toBe("Graded 3 props, 09:02");
    expect(describeAuditLine({ ...run, action: "event.cover", folded: 1, createdAt: "2026-11-29T14:05:00.000Z" })).toBe(
      "Drew the cover of event “Bills at Jets”",
    );
  });
});
