// An S3-protocol server (s3rver) in its own process, for tests: `node s3-server-child.mjs DIR
// PORT BUCKET...` serves DIR on loopback (PORT 0: a free one) with the buckets made, and prints
// the port. Its own process, so a test can kill it (the bucket unreachable) and measure its own
// memory. Then it prints `part <app id>` for each part of a multipart upload it receives, with
// its sender's SDK app id: the cluster test finds the app server mid-upload by it (ADR 077).
import S3rver from 's3rver';

const [directory, port, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: buckets.map((name) => ({ name })),
});
const address = await server.run();
process.stdout.write(`${address.port}\n`);
// A listener beside s3rver's own: it only watches. An UploadPart is a PUT with a partNumber;
// the SDK names its sender in the user agent when AWS_SDK_UA_APP_ID is set (`app/<id>`).
server.httpServer.on('request', (req) => {
  if (req.method !== 'PUT' || !/[?&]partNumber=/.test(req.url ?? '')) return;
  const agent = `${req.headers['user-agent'] ?? ''} ${req.headers['x-amz-user-agent'] ?? ''}`;
  process.stdout.write(`part ${/\bapp\/(\S+)/.exec(agent)?.[1] ?? '-'}\n`);
});
