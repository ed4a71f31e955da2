// The local PostgreSQL the test run and the benchmark use, and whether it answers.
import pg from "pg";

export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export async function postgresAvailable(url = postgresAdminUrl): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
