// Where the bytes of uploads live (decision 0009). The embedded database keeps them in
// DATA_DIR/uploads as it always did; with DATABASE_URL they are rows of "UploadChunk" (1 MiB each)
// beside the upload's row, so every process on that database serves every upload, pg_dump backs
// them up, and they go with their row. Either way an incoming file is first written to a scratch
// file, where its type is read from its content before anything is kept.
import { createReadStream, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { rename, unlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { Db } from "../../db.ts";
import {
  insertUpload,
  insertUploadChunks,
  insertUploadWithChunks,
  listUploadsWithoutChunks,
  readUploadChunk,
} from "./files.data.ts";

/** Small enough to hold one per download in memory, large enough to keep the round trips few. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

type NewUpload = Parameters<typeof insertUpload>[1];
type UploadRow = Awaited<ReturnType<typeof insertUpload>>;

export type UploadStore = {
  /** Where incoming files are written while they are checked. */
  scratchDir: string;
  /** Keeps a checked scratch file as the upload `row` (the scratch file is gone afterwards). */
  keep(db: Db, scratch: string, row: NewUpload): Promise<UploadRow>;
  /** The upload's bytes as a stream, or null when they are missing. */
  open(db: Db, storedName: string): Promise<Readable | null>;
  /** Called once the upload's row is deleted: whether bytes of it were removed. */
  removeBytes(storedName: string): Promise<boolean>;
  dispose(): void;
};

/** DATABASE_URL set: the bytes in the database; otherwise DATA_DIR/uploads (a temporary one for memory://). */
export function openUploadStore(env: { DATA_DIR: string; DATABASE_URL?: string }): UploadStore {
  return env.DATABASE_URL ? databaseStore() : diskStore(env.DATA_DIR);
}

function diskStore(dataDir: string): UploadStore {
  const memory = dataDir === "memory://";
  const dir = memory ? mkdtempSync(path.join(os.tmpdir(), "english-uploads-")) : path.resolve(dataDir, "uploads");
  mkdirSync(dir, { recursive: true });
  return {
    scratchDir: dir,
    async keep(db, scratch, row) {
      const finalPath = path.join(dir, row.storedName);
      await rename(scratch, finalPath);
      try {
        return await insertUpload(db, row);
      } catch (error) {
        await unlink(finalPath).catch(() => {});
        throw error;
      }
    },
    async open(_db, storedName) {
      const stream = createReadStream(path.join(dir, storedName));
      const opened = await new Promise<boolean>((resolve) => {
        stream.once("open", () => resolve(true));
        stream.once("error", () => resolve(false));
      });
      return opened ? stream : null;
    },
    async removeBytes(storedName) {
      return unlink(path.join(dir, storedName)).then(
        () => true,
        () => false, // already gone: nothing left to remove
      );
    },
    dispose: () => {
      if (memory) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function databaseStore(): UploadStore {
  // Scratch files only: nothing of an upload stays on this machine.
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), "english-uploads-"));
  return {
    scratchDir,
    async keep(db, scratch, row) {
      try {
        return await insertUploadWithChunks(db, row, readChunks(scratch));
      } finally {
        await unlink(scratch).catch(() => {});
      }
    },
    async open(db, storedName) {
      // The first chunk is read before the answer starts, so a missing upload is still a 404.
      const first = await readUploadChunk(db, storedName, 0);
      if (!first) return null;
      async function* chunks() {
        yield first as Uint8Array;
        for (let index = 1; ; index++) {
          const chunk = await readUploadChunk(db, storedName, index);
          if (!chunk) return;
          yield chunk;
        }
      }
      // Pulled one chunk at a time as the client reads: a slow download holds about two chunks.
      return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
    },
    // The chunks went with the row (ON DELETE CASCADE), in the same statement.
    removeBytes: async () => true,
    dispose: () => rmSync(scratchDir, { recursive: true, force: true }),
  };
}

async function* readChunks(file: string): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  for await (const chunk of createReadStream(file, { highWaterMark: UPLOAD_CHUNK_BYTES })) {
    yield new Uint8Array(chunk as Buffer);
  }
}

/**
 * Moves the files a deployment kept in DATA_DIR/uploads before its uploads moved into PostgreSQL
 * into the database, each in one transaction, and deletes each file once its bytes are in. A file
 * with no row (never kept) or whose bytes are already in (another process was quicker) is left.
 */
export async function importDiskUploads(db: Db, dataDir: string) {
  const dir = path.resolve(dataDir, "uploads");
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => !name.startsWith("."));
  } catch {
    return 0; // no upload directory: nothing to move
  }
  let moved = 0;
  for (let i = 0; i < names.length; i += 500) {
    for (const name of await listUploadsWithoutChunks(db, names.slice(i, i + 500))) {
      try {
        await insertUploadChunks(db, name, readChunks(path.join(dir, name)));
      } catch {
        continue; // another process moved it meanwhile (the key is taken): its copy stands
      }
      await unlink(path.join(dir, name)).catch(() => {});
      moved++;
    }
  }
  return moved;
}
