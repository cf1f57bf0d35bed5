// An S3-protocol server (s3rver) in its own process, for tests: `node s3-server-child.mjs DIR
// BUCKET...` serves DIR on a free loopback port with the buckets made, and prints the port.
// Its own process, so a test can kill it (the bucket unreachable) and measure its own memory.
import S3rver from 's3rver';

const [directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: buckets.map((name) => ({ name })),
});
const { port } = await server.run();
process.stdout.write(`${port}\n`);
