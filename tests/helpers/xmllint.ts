// Debian's xmllint (libxml2-utils; .ci/run installs it) against the official FatturaPA 1.2.2 schema,
// which sits beside the repository in ../shared/standards (CI clones with ../shared beside it).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const FATTURAPA_SCHEMA = path.resolve(
  import.meta.dirname,
  "../../../shared/standards/fatturapa-1.2.2/Schema_del_file_xml_FatturaPA_v1.2.2.local.xsd",
);

/** A temporary folder for the files under test; `remove()` it after the suite. */
export function xmlFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), "fatturapa-"));
  return {
    write(name: string, xml: string): string {
      const file = path.join(folder, name);
      writeFileSync(file, xml);
      return file;
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** Validates one file; status 0 is valid, the output says why not. */
export function validateFatturaPa(file: string) {
  const run = spawnSync("xmllint", ["--noout", "--schema", FATTURAPA_SCHEMA, file], { encoding: "utf8" });
  if (run.error) throw run.error;
  return { status: run.status, output: run.stderr };
}

export function xpath(file: string, expression: string): string {
  return execFileSync("xmllint", ["--xpath", expression, file], { encoding: "utf8" }).trim();
}
