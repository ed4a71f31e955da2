// The booking path's SQL is written by hand (docs/decisions/0003-raw-sql-on-the-booking-path.md),
// so Prisma's types do not follow a schema change into it. This test does: it runs each raw
// statement of the path against a fake client that only records the SQL, and checks every table,
// column and enum the statement names against prisma/schema.prisma, and the typed column lists
// the booking statement is built from against the columns' types. A renamed column fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { projectPath } from "../../paths.ts";
import {
  findSiteSettings,
  listActiveTeacherIds,
  listCalendarBusyOverlapping,
  listLiveBookingsOverlapping,
  listSlotsOverlapping,
  readTeacherCalendar,
} from "../availability/availability.data.ts";
import { type NewOutboxEmail, outboxInsertSql } from "../mail/mail.data.ts";
import {
  BOOKABLE_PACKAGE_COLUMNS,
  findBookablePackage,
  findSingleLessonPackage,
  insertOrderWithLessons,
  LESSON_COLUMNS,
  nextOrderNumber,
  ORDER_COLUMNS,
  runWithTeacherLock,
} from "./booking.data.ts";
import { findDiscountState } from "./referral.data.ts";

// --- prisma/schema.prisma, read as the database sees it (@map and @@map applied) ---------------

type Schema = { tables: Map<string, Map<string, string>>; enums: Set<string> };

const SCALAR_TYPES: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Float: "double precision",
  Decimal: "numeric",
  Boolean: "boolean",
  DateTime: "timestamp",
  Json: "jsonb",
  Bytes: "bytea",
};
const NATIVE_TYPES: Record<string, string> = { Uuid: "uuid", Timestamptz: "timestamptz", Text: "text" };

/** Tables by database name, each its columns' database names and SQL types. */
function readSchema(text: string): Schema {
  const source = text.replace(/\/\/.*$/gm, "");
  const blocks = [...source.matchAll(/^(model|enum)\s+(\w+)\s*\{([^}]*)\}/gm)];
  const mapped = (body: string, fallback: string) => /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? fallback;
  const enums = new Set(blocks.filter(([, kind]) => kind === "enum").map(([, , name, body]) => mapped(body, name)));
  const enumNames = new Map(
    blocks.filter(([, kind]) => kind === "enum").map(([, , name, body]) => [name, mapped(body, name)]),
  );
  const tables = new Map<string, Map<string, string>>();
  for (const [, kind, name, body] of blocks) {
    if (kind !== "model") continue;
    const columns = new Map<string, string>();
    for (const line of body.split("\n")) {
      const field = /^\s*(\w+)\s+(\w+)(\[\])?\??(.*)$/.exec(line);
      if (!field) continue;
      const [, fieldName, type, list, attributes] = field;
      const enumName = enumNames.get(type);
      const scalar = SCALAR_TYPES[type];
      if (!scalar && !enumName) continue; // a relation, not a column
      const native = /@db\.(\w+)/.exec(attributes)?.[1];
      const sqlType = enumName ? `"${enumName}"` : ((native && NATIVE_TYPES[native]) ?? scalar);
      columns.set(/@map\("([^"]+)"\)/.exec(attributes)?.[1] ?? fieldName, list ? `${sqlType}[]` : sqlType);
    }
    tables.set(mapped(body, name), columns);
  }
  return { tables, enums };
}

const schemaText = readFileSync(projectPath("prisma/schema.prisma"), "utf8");
const schema = readSchema(schemaText);

// --- the SQL a data function sends, recorded by a fake client -----------------------------------

/** A Prisma.Sql (or a fragment inside one), read through its public shape. */
type SqlLike = { strings: readonly string[]; values: readonly unknown[] };
const isSql = (value: unknown): value is SqlLike =>
  typeof value === "object" && value !== null && "strings" in value && "values" in value;

/** The statement's text with nested fragments spliced in and every value a placeholder. */
function sqlText(strings: readonly string[], values: readonly unknown[]): string {
  return strings.reduce((text, part, i) => {
    if (i === 0) return part;
    const value = values[i - 1];
    return text + (isSql(value) ? sqlText(value.strings, value.values) : "$?") + part;
  }, "");
}

/** Runs `work` against a client that answers nothing and keeps the text of each raw statement. */
async function recordSql(work: (client: never) => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const record =
    (result: unknown) =>
    (first: readonly string[] | SqlLike, ...values: unknown[]) => {
      statements.push(isSql(first) ? sqlText(first.strings, first.values) : sqlText(first, values));
      return Promise.resolve(result);
    };
  const client = { $queryRaw: record([]), $executeRaw: record(0) };
  // A fake with only the two raw methods: what these functions use; a typed client would need
  // a database. The transaction of runWithTeacherLock runs its callback on the same fake.
  const withTransactions = { ...client, $transaction: (fn: (tx: typeof client) => unknown) => fn(client) };
  await work(withTransactions as never);
  return statements;
}

// --- what a statement names ----------------------------------------------------------------------

const KEYWORDS = new Set(["WHERE", "ON", "SET", "ORDER", "LEFT", "JOIN", "GROUP", "LIMIT", "UNION", "FOR", "VALUES"]);
/** FROM, JOIN, INTO or UPDATE and the table after it; not the FROM of `extract(epoch FROM "startsAt")`. */
const TABLE_REFERENCE = /(?<!\bepoch\s+)\b(?:FROM|JOIN|INTO|UPDATE)\s+"(\w+)"(?:\s+(?:AS\s+)?(\w+))?/gi;

/** Every problem with the names in `sql`: unknown tables, columns, enums. Empty when all exist. */
function checkStatement(sql: string, { tables, enums }: Schema): string[] {
  const problems: string[] = [];
  let text = sql.replace(/'[^']*'/g, "''"); // string literals name nothing
  const ctes = new Set([...text.matchAll(/"(\w+)"\s+AS\s+\(/g)].map((m) => m[1]));
  // Record types declared in the statement: `AS l("id" uuid, "status" "BookingStatus", ...)`.
  const records = new Map<string, Set<string>>();
  text = text.replace(/\bAS\s+(\w+)\s*\(([^()]*)\)/g, (_all, alias: string, definition: string) => {
    records.set(alias, new Set([...definition.matchAll(/"(\w+)"\s+(?:"(\w+)"|\w+)/g)].map((m) => m[1])));
    for (const [, , type] of definition.matchAll(/"(\w+)"\s+"(\w+)"/g)) {
      if (!enums.has(type)) problems.push(`unknown type "${type}"`);
    }
    return "";
  });
  const aliases = new Map<string, string>();
  const used = new Set<string>();
  for (const [, name, alias] of text.matchAll(TABLE_REFERENCE)) {
    if (ctes.has(name)) continue;
    if (!tables.has(name)) problems.push(`unknown table "${name}"`);
    used.add(name);
    if (alias && !KEYWORDS.has(alias.toUpperCase())) aliases.set(alias, name);
  }
  // A subquery's alias, `(SELECT ... FROM "Discount" ...) d`, stands for the table it reads.
  for (const [, table, alias] of text.matchAll(/\(\s*SELECT\b[^()]*?\bFROM\s+"(\w+)"[^()]*\)\s+(?:AS\s+)?(\w+)/gi)) {
    if (!KEYWORDS.has(alias.toUpperCase())) aliases.set(alias, table);
  }
  const columnsOf = (table: string) => tables.get(table) ?? new Map<string, string>();
  // The column list of an INSERT names columns of that table exactly.
  for (const [, table, list] of text.matchAll(/INSERT\s+INTO\s+"(\w+)"\s*\(([^)]*)\)/gi)) {
    for (const [, column] of list.matchAll(/"(\w+)"/g)) {
      if (!columnsOf(table).has(column)) problems.push(`"${table}" has no column "${column}"`);
    }
  }
  text = text.replace(/::"(\w+)"/g, (_all, type: string) => {
    if (!enums.has(type)) problems.push(`unknown type "${type}"`);
    return "";
  });
  // alias."column" and "cte"."column"
  text = text.replace(
    /(?:(\w+)|"(\w+)")\."(\w+)"/g,
    (_all, alias: string | undefined, cte: string | undefined, column: string) => {
      if (cte !== undefined) {
        if (!ctes.has(cte) && !columnsOf(cte).has(column)) problems.push(`"${cte}" has no column "${column}"`);
      } else if (records.has(alias ?? "")) {
        if (!records.get(alias ?? "")?.has(column)) problems.push(`record ${alias} has no field "${column}"`);
      } else {
        const table = aliases.get(alias ?? "");
        if (!table) problems.push(`unknown alias ${alias}`);
        else if (!columnsOf(table).has(column)) problems.push(`"${table}" has no column "${column}"`);
      }
      return "";
    },
  );
  const outputs = new Set([...text.matchAll(/\bAS\s+"(\w+)"/gi)].map((m) => m[1]));
  text = text.replace(TABLE_REFERENCE, "").replace(/"(\w+)"\s+AS\s+\(/g, "");
  for (const [, name] of text.matchAll(/"(\w+)"/g)) {
    if (outputs.has(name) || ctes.has(name)) continue;
    if (![...used].some((table) => columnsOf(table).has(name))) {
      problems.push(`no table of the statement (${[...used].join(", ")}) has a column "${name}"`);
    }
  }
  return problems;
}

// --- the booking path ------------------------------------------------------------------------------

const id = "00000000-0000-4000-8000-000000000001";
const day = { start: new Date("2030-01-07T00:00:00Z"), end: new Date("2030-01-08T00:00:00Z") };
const email: NewOutboxEmail = { kind: "booking_created", toAddress: "a@b.test", subject: "s", textBody: "t" };

const statements: [string, (client: never) => Promise<unknown>][] = [
  ["findSiteSettings", (db) => findSiteSettings(db)],
  ["listActiveTeacherIds", (db) => listActiveTeacherIds(db)],
  ["listActiveTeacherIds(one)", (db) => listActiveTeacherIds(db, id)],
  ["listSlotsOverlapping", (db) => listSlotsOverlapping(db, [id], day.start, day.end)],
  ["listLiveBookingsOverlapping", (db) => listLiveBookingsOverlapping(db, [id], day.start, day.end)],
  ["listCalendarBusyOverlapping", (db) => listCalendarBusyOverlapping(db, [id], day.start, day.end)],
  ["readTeacherCalendar", (db) => readTeacherCalendar(db, id, day, day)],
  ["runWithTeacherLock", (db) => runWithTeacherLock(db, id, async () => null, "taken")],
  ["findBookablePackage", (db) => findBookablePackage(db, "online-5")],
  ["findSingleLessonPackage", (db) => findSingleLessonPackage(db)],
  ["findDiscountState", (db) => findDiscountState(db, id)],
  // The fake answers no row, which the function refuses: only the statement it sent is checked.
  ["nextOrderNumber", (db) => nextOrderNumber(db).catch(() => null)],
  ["insertOrderWithLessons", (tx) => insertOrderWithLessons(tx, newOrder(), [newLesson()], [email], "taken")],
  ["insertOrderWithLessons(no mail)", (tx) => insertOrderWithLessons(tx, newOrder(), [newLesson()], [], "taken")],
];

function newOrder(): Parameters<typeof insertOrderWithLessons>[1] {
  return {
    id,
    studentId: id,
    packageId: "online-5",
    lessons: 1,
    basePriceCents: 3500,
    groupPriceCents: 0,
    discountCents: 0,
    totalPriceCents: 3500,
    referralCode: null,
    locale: "it",
    number: 42,
  };
}
function newLesson(): Parameters<typeof insertOrderWithLessons>[2][number] {
  return {
    id,
    studentId: id,
    teacherId: id,
    startsAt: day.start,
    endsAt: day.end,
    status: "pending",
    lessonType: "online",
    studentName: "Anna",
    studentEmail: "a@b.test",
  };
}

describe("the booking path's raw SQL names what prisma/schema.prisma has", () => {
  it.each(statements)("%s", async (_name, work) => {
    const sent = await recordSql(work);
    expect(sent.length).toBeGreaterThan(0);
    for (const sql of sent) expect(checkStatement(sql, schema), sql).toEqual([]);
  });

  it("mail queued with a booking: the outbox insert", () => {
    const fragment = outboxInsertSql([email]);
    expect(checkStatement(sqlText(fragment.strings, fragment.values), schema)).toEqual([]);
  });

  it("the booking statement's column lists are columns of the right type", () => {
    const types = (table: string, columns: Record<string, string>) =>
      Object.fromEntries(Object.keys(columns).map((column) => [column, schema.tables.get(table)?.get(column)]));
    expect(types("BookingOrder", ORDER_COLUMNS)).toEqual(ORDER_COLUMNS);
    expect(types("Booking", LESSON_COLUMNS)).toEqual(LESSON_COLUMNS);
    const packageColumns = schema.tables.get("Package");
    expect(BOOKABLE_PACKAGE_COLUMNS.filter((column) => !packageColumns?.has(column))).toEqual([]);
  });

  it("the booking statement inserts every column the lesson list names, and the order's", async () => {
    const [sql] = await recordSql((tx) => insertOrderWithLessons(tx, newOrder(), [newLesson()], [], "taken"));
    const inserted = (table: string) =>
      new RegExp(`INSERT INTO "${table}" \\(([^)]*)\\)`)
        .exec(sql)?.[1]
        .match(/"\w+"/g)
        ?.map((c) => c.slice(1, -1));
    expect(inserted("BookingOrder")).toEqual(Object.keys(ORDER_COLUMNS));
    expect(inserted("Booking")).toEqual(["orderId", ...Object.keys(LESSON_COLUMNS), "updatedAt"]);
  });
});

describe("the check itself", () => {
  it("fails when a column the SQL uses is renamed in the schema", async () => {
    const renamed = readSchema(schemaText.replace(/^(\s*)studentTimezone(\s)/m, "$1studentTimeZone$2"));
    const [sql] = await recordSql((tx) => insertOrderWithLessons(tx, newOrder(), [newLesson()], [], "taken"));
    expect(checkStatement(sql, renamed)).toContain('"Booking" has no column "studentTimezone"');
    const types = Object.fromEntries(
      Object.keys(LESSON_COLUMNS).map((c) => [c, renamed.tables.get("Booking")?.get(c)]),
    );
    expect(types).not.toEqual(LESSON_COLUMNS);
  });

  it("follows @map: the database name is what counts", async () => {
    const mapped = readSchema(
      schemaText.replace(
        /^(\s*)bufferBetweenLessons(\s+\w+)(.*)$/m,
        '$1bufferBetweenLessons$2$3 @map("buffer_minutes")',
      ),
    );
    const [sql] = await recordSql((db) => findSiteSettings(db));
    expect(checkStatement(sql, mapped)).toContain(
      'no table of the statement (AdminSettings) has a column "bufferBetweenLessons"',
    );
  });

  it("fails on an unknown table, alias column or enum", () => {
    expect(checkStatement(`SELECT "id" FROM "Bookings"`, schema)).toContain('unknown table "Bookings"');
    expect(checkStatement(`SELECT u."nope" FROM "User" u`, schema)).toContain('"User" has no column "nope"');
    expect(checkStatement(`SELECT 'x'::"LessonState"`, schema)).toContain('unknown type "LessonState"');
  });
});
