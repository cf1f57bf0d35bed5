// `DATABASE_URL=... npm run bench cluster`: the same reads and writes through nginx
// (deploy/nginx/meridian.conf, TLS) in front of one app server, then three (issue 41, ADR 077),
// each cluster on a new database of that PostgreSQL server with Redis for the rate limits. On a
// 2-core machine three servers cannot add CPU: the point is what the extra hop and processes cost.
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { DEMO_USERS } from '../src/server/seed/demo.ts';
import { startCluster, type Cluster } from '../src/server/test/cluster/cluster.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const WRITES = 300;

export type ClusterRow = {
  servers: number;
  endpoint: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
};

async function companyOf(c: Cluster, cookie: string): Promise<string> {
  const me = await c.request(`${c.origin}/api/auth/user`, { headers: { cookie } });
  const user = JSON.parse(me.body) as { customers: Array<{ id: string; name: string }> };
  const acme = user.customers.find((x) => x.name === 'Acme Logistics');
  if (!acme) throw new Error(`no company for the bench's user: ${me.status} ${me.body}`);
  return acme.id;
}

async function measure(c: Cluster, servers: number): Promise<ClusterRow[]> {
  const cookie = await c.sessionCookie(DEMO_USERS.acme);
  const company = await companyOf(c, cookie);
  const base = `${c.origin}/api/customers/${company}`;
  const opened = await c.request(`${base}/tickets`, {
    method: 'POST',
    headers: { cookie, origin: c.origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      subject: 'Bench thread',
      description: 'Replies of the cluster bench.',
      category: 'Other',
      department: 'IT Support',
    }),
  });
  const ticketId = (JSON.parse(opened.body) as { id: string }).id;
  const rows: ClusterRow[] = [];
  const row = (endpoint: string, r: Result, seconds: number) =>
    rows.push({
      servers,
      endpoint,
      requests: r.requests.total,
      perSecond: Math.round(r.requests.total / seconds),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
    });
  const reads: Array<[string, string]> = [
    ['GET dashboard', `${base}/dashboard`],
    ['GET tickets (page of 20)', `${base}/tickets?limit=20`],
  ];
  for (const [endpoint, url] of reads) {
    const r = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { cookie },
    });
    row(endpoint, r, SECONDS);
  }
  const started = performance.now();
  const writes = await autocannon({
    url: `${base}/tickets/${ticketId}/replies`,
    method: 'POST',
    connections: 10,
    amount: WRITES,
    headers: { cookie, origin: c.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'A reply written by the cluster bench.' }),
  });
  row(`POST reply (${WRITES}, 10 at a time)`, writes, (performance.now() - started) / 1000);
  return rows;
}

export async function benchCluster(postgresUrl: string): Promise<ClusterRow[]> {
  const rows: ClusterRow[] = [];
  for (const servers of [1, 3]) {
    const c = await startCluster({
      postgresUrl,
      redisUrl: process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/12',
      dir: path.resolve('.tmp', 'bench', `cluster-${servers}`),
      basePort: process.env.CLUSTER_PORT ? Number(process.env.CLUSTER_PORT) : undefined,
      appCount: servers,
      // One session drives the load: its read limits would measure themselves.
      env: { READ_RATE_LIMIT: '1000000000', READ_CONCURRENCY: '1000000000' },
    });
    try {
      rows.push(...(await measure(c, servers)));
    } finally {
      await c.stop();
    }
  }
  return rows;
}

export function printCluster(rows: ClusterRow[]) {
  console.log('\n### 1 vs 3 app servers behind nginx (autocannon over TLS)\n');
  console.log('| App servers | Endpoint | Requests | Req/s | p50 | p99 | non-2xx |');
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.servers} | ${r.endpoint} | ${r.requests} | ${r.perSecond} | ${r.p50} ms | ${r.p99} ms | ${r.non2xx} |`,
    );
  }
}
