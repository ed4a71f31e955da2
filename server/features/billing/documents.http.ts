// The documents as files (issue 30, items 4 and 5): downloads, not calls, so plain routes
// (decision 0006) beside the procedures that list them. The teacher gets any document's XML and
// the year's exports; a family only its own documents (another's id is 404, as a missing one).
import type { FastifyInstance, FastifyReply } from "fastify";
import { zipSync } from "fflate";
import { z } from "zod";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { requireAdmin, requireStudent } from "../auth/roles.ts";
import { documentYearSchema } from "./billing.schemas.ts";
import { documentPdf } from "./document-pdf.ts";
import { documentsCsv, documentsZip } from "./documents.export.ts";
import {
  DOCUMENT_NOT_FOUND_MESSAGE,
  documentPdfFileName,
  loadDocument,
  loadDocumentXml,
  loadStudentDocument,
} from "./documents.service.ts";
import type { IssuedDocument } from "./issued-document.ts";

const idParams = z.object({ id: z.uuid() });

function parseId(params: unknown) {
  const parsed = idParams.safeParse(params);
  // A malformed id finds nothing, like a missing one.
  if (!parsed.success) throw new AppError("NOT_FOUND", DOCUMENT_NOT_FOUND_MESSAGE);
  return parsed.data.id;
}

function parseYear(query: unknown) {
  const parsed = documentYearSchema.safeParse(query ?? {});
  if (!parsed.success) throw new AppError("BAD_REQUEST", "Please choose a year from 2000 to 2100.");
  return parsed.data.year;
}

const attachment = (reply: FastifyReply, fileName: string, type: string) =>
  reply
    .header("Content-Disposition", `attachment; filename="${fileName}"`)
    .header("Cache-Control", "private, no-store")
    .type(type);

async function sendPdf(reply: FastifyReply, document: IssuedDocument) {
  return attachment(reply, documentPdfFileName(document), "application/pdf").send(await documentPdf(document));
}

export async function documentFileRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get("/api/admin/documents/export.csv", async (request, reply) => {
    await requireAdmin(request.sessionUser);
    const year = parseYear(request.query);
    return attachment(reply, `documents-${year}.csv`, "text/csv; charset=utf-8").send(await documentsCsv(db, year));
  });

  app.get("/api/admin/documents/export.zip", async (request, reply) => {
    await requireAdmin(request.sessionUser);
    const year = parseYear(request.query);
    const files = await documentsZip(db, year);
    return attachment(reply, `fatture-${year}.zip`, "application/zip").send(Buffer.from(zipSync(files)));
  });

  app.get("/api/admin/documents/:id/pdf", async (request, reply) => {
    await requireAdmin(request.sessionUser);
    return sendPdf(reply, await loadDocument(db, parseId(request.params)));
  });

  // The family's own: another account's document is 404, exactly like a missing one.
  app.get("/api/student/documents/:id/pdf", async (request, reply) => {
    const student = await requireStudent(request.sessionUser);
    return sendPdf(reply, await loadStudentDocument(db, student.id, parseId(request.params)));
  });

  app.get("/api/admin/documents/:id/xml", async (request, reply) => {
    await requireAdmin(request.sessionUser);
    const { xml, fileName } = await loadDocumentXml(db, parseId(request.params));
    return attachment(reply, fileName, "application/xml; charset=utf-8").send(xml);
  });
}
