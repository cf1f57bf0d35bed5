// `npm run cluster` (scripts/cluster.mjs builds first when needed): the cluster of cluster.ts for a
// person, until Ctrl-C. Sign-in mails go to an SMTP sink in this process; their links are printed.
import path from 'node:path';
import { startCluster } from './cluster.ts';

const cluster = await startCluster({
  postgresUrl: process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/12',
  dir: path.resolve('.tmp', 'cluster'),
  basePort: Number(process.env.CLUSTER_PORT ?? 8443),
  imapUrl: process.env.IMAP_URL,
});
console.log(`
  Cluster running at ${cluster.origin}  (nginx from deploy/nginx/meridian.conf, TLS)
  App servers: ${cluster.apps.map((a) => `${a.url} (pid ${a.pid()})`).join(', ')}
  Database: ${cluster.databaseUrl} (dropped on exit)
  Files: bucket "files" of the S3-protocol server (s3rver) at ${cluster.s3.endpoint} (removed on exit)
  The certificate is signed by a throw-away CA: ${cluster.certs.ca}
  Kill a server (kill -9 <pid>) to watch nginx send its requests to the others.
  Ctrl-C stops everything.
`);

let printed = 0;
const mails = setInterval(() => {
  for (const mail of cluster.sink.received.slice(printed)) {
    const link = /https:\/\/\S+\/api\/login\/verify\?token=[\w-]+/.exec(mail.text)?.[0];
    console.log(`  mail to ${mail.to.join(', ')}: ${mail.subject}${link ? `\n    ${link}` : ''}`);
  }
  printed = cluster.sink.received.length;
}, 500);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    clearInterval(mails);
    console.log('\n  Stopping the cluster...');
    void cluster.stop().then(() => process.exit(0));
  });
}
