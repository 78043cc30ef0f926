import "server-only";
import { csvLine, type CsvValue } from "@/domain/csv";

/** Rows of one export, a batch at a time (each batch one keyset-paged query). */
export type CsvBatches = AsyncIterator<readonly CsvValue[][]>;

/**
 * A CSV download that never holds the whole export (docs/decisions/063-bulk-tools.md): the
 * stream asks for the next batch only when the client has taken the last one (`pull`), so memory
 * is one batch and one encoded chunk whatever the number of rows. A client that goes away cancels
 * the stream and the batches stop.
 */
export function csvResponse(fileName: string, header: readonly string[], batches: CsvBatches): Response {
  const encoder = new TextEncoder();
  let headerSent = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          // A byte-order mark so Excel reads the file as UTF-8 (handles and titles may hold accents).
          controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
          return;
        }
        const next = await batches.next();
        if (next.done) return controller.close();
        if (next.value.length) controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
      },
      async cancel() {
        await batches.return?.();
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(stream, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
