// Which process holds a TCP connection, read from /proc (Linux). The webhook receiver and
// PostgreSQL see only the client's port; the cluster test must know which app server that is,
// to kill the one that is mid-round or holds the mailbox.
import fs from 'node:fs/promises';

/** The inodes of the sockets a process has open. */
async function socketInodes(pid: number): Promise<Set<string>> {
  const dir = `/proc/${pid}/fd`;
  const inodes = new Set<string>();
  for (const fd of await fs.readdir(dir).catch(() => [] as string[])) {
    const link = await fs.readlink(`${dir}/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
    if (inode) inodes.add(inode);
  }
  return inodes;
}

/** The inodes of the TCP sockets whose local port is `port` (IPv4 and IPv6 tables). */
async function inodesOfLocalPort(port: number): Promise<string[]> {
  const suffix = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await fs.readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      // Columns: sl, local_address (hex ip:port), rem_address, st, ..., inode (the tenth).
      const columns = line.trim().split(/\s+/);
      const inode = columns[9];
      if (columns[1]?.endsWith(suffix) && inode && inode !== '0') found.push(inode);
    }
  }
  return found;
}

/** Which of `pids` has a socket bound locally to `port`, if any. */
export async function ownerOfPort(port: number, pids: number[]): Promise<number | undefined> {
  const inodes = await inodesOfLocalPort(port);
  for (const pid of pids) {
    const own = await socketInodes(pid);
    if (inodes.some((inode) => own.has(inode))) return pid;
  }
  return undefined;
}
