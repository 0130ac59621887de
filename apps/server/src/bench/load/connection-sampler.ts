import pg from 'pg';

/**
 * How many of the bench database's connections run a query, sampled every 250 ms from
 * pg_stat_activity: near the instances' pool size means requests queue for the database; far
 * below it, with the instances busy, means the Node process is what they wait for.
 */
export async function startConnectionSampler(
  url: URL,
): Promise<() => Promise<{ mean: number; max: number }>> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const counts: number[] = [];
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      const result = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      counts.push(result.rows[0]?.n ?? 0);
    });
  }, 250);
  return async () => {
    clearInterval(timer);
    await sampling.catch(() => undefined);
    await client.end();
    const mean = counts.length === 0 ? 0 : counts.reduce((a, b) => a + b, 0) / counts.length;
    return { mean, max: Math.max(0, ...counts) };
  };
}
