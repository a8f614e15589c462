import { z } from 'zod';
import { Demonstration, DEMONSTRATION_VERSION } from '../shared/demonstration';
import { describeZodError } from '../shared/protocol-core';
import { isPolicyName } from './policy-names';
import { lazy } from '../shared/lazy';

/**
 * The demonstrations export file (docs/memory.md): a versioned envelope around whole
 * Demonstration records, so a file written by `exportFile` reads back identical. Embeddings are
 * not in it; they are recomputed on import by whatever model the importing browser has.
 */

export const EXPORT_FORMAT = 'copilot-demonstrations';
export const EXPORT_VERSION = 1;

export const ExportFile = lazy(() => z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.number(),
  demonstrations: z.array(Demonstration),
}));
export type ExportFile = z.infer<typeof ExportFile>;

export function exportFile(demos: Demonstration[], now: number): ExportFile {
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now, demonstrations: demos };
}

/** `dropped`: what the import left out and why, one sentence each, for the person to read. */
export type ParsedFile = { ok: true; file: ExportFile; dropped: string[] } | { ok: false; message: string };

const versionOf = (v: unknown): unknown => (v && typeof v === 'object' ? (v as { version?: unknown }).version : undefined);

/** Reads an export file, or says exactly what is wrong with it (the path of each problem). */
export function parseExportFile(text: string): ParsedFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The file is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!raw || typeof raw !== 'object' || (raw as { format?: unknown }).format !== EXPORT_FORMAT) {
    return { ok: false, message: `This is not a demonstrations file (expected "format": "${EXPORT_FORMAT}").` };
  }
  const version = versionOf(raw);
  if (typeof version === 'number' && version > EXPORT_VERSION) {
    return { ok: false, message: `The file is version ${version}, written by a newer version of the co-pilot; this one reads version ${EXPORT_VERSION}.` };
  }
  const demos = (raw as { demonstrations?: unknown }).demonstrations;
  if (Array.isArray(demos)) {
    const newer = demos.findIndex((d) => typeof versionOf(d) === 'number' && (versionOf(d) as number) > DEMONSTRATION_VERSION);
    if (newer >= 0) return { ok: false, message: `demonstrations.${newer}.version: ${String(versionOf(demos[newer]))} is newer than this co-pilot reads (${DEMONSTRATION_VERSION}).` };
  }
  const parsed = ExportFile.safeParse(raw);
  if (!parsed.success) return { ok: false, message: `The file is not valid: ${describeZodError(parsed.error)}` };
  const file = parsed.data;
  const seen = new Set<string>();
  for (const [i, d] of file.demonstrations.entries()) {
    if (seen.has(d.id)) return { ok: false, message: `demonstrations.${i}.id: "${d.id}" appears twice in the file.` };
    seen.add(d.id);
    const leak = d.steps.findIndex((s) => s.action.kind === 'type' && s.action.secret && s.action.value !== '');
    if (leak >= 0) return { ok: false, message: `demonstrations.${i}.steps.${leak}.action.value: a secret field carries a value; secrets are never stored, so the file is refused.` };
    for (const [l, label] of d.labels.entries()) {
      const bad = label.steps.findIndex((s) => s >= d.steps.length);
      if (bad >= 0) return { ok: false, message: `demonstrations.${i}.labels.${l}.steps.${bad}: step ${label.steps[bad]} does not exist (the demonstration has ${d.steps.length} steps).` };
    }
  }
  // Labels become the planner's examples. One that names no web policy is free text from the file:
  // all labels of that demonstration are dropped, and it gets its own label call like a new recording.
  const dropped: string[] = [];
  const demonstrations = file.demonstrations.map((d, i) => {
    const bad = d.labels.findIndex((l) => !isPolicyName(l.call.policy));
    if (bad < 0) return d;
    const name = JSON.stringify(d.labels[bad]?.call.policy.slice(0, 40) ?? '');
    dropped.push(`demonstrations.${i}.labels.${bad}: ${name} is not a web policy, so the labels of "${d.task.slice(0, 80)}" were dropped.`);
    return { ...d, labels: [] };
  });
  return { ok: true, file: { ...file, demonstrations }, dropped };
}
