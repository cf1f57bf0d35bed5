// A real IMAP server for the intake tests: Dovecot from Debian's `dovecot-imapd`, started
// with a throw-away configuration, maildir and passwd-file user on a free port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { vi } from 'vitest';

const BINARY = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'].find((p) => existsSync(p));

/** Why the IMAP tests skip here, or undefined when Dovecot is installed. */
export const dovecotMissing = BINARY
  ? undefined
  : 'Dovecot is not installed: `apt-get install dovecot-imapd` (.ci/run installs it) to run the IMAP intake tests.';

export type Dovecot = {
  port: number;
  user: string;
  password: string;
  /** `imap://user:pass@127.0.0.1:port/INBOX` */
  url: string;
  /** A connected client of the test user's mailbox (close it with `logout`). */
  client(): Promise<ImapFlow>;
  /** Delivers a raw message into INBOX, unseen. */
  append(raw: string | Buffer): Promise<void>;
  /** An outage: the server stops, its mailbox kept; `restore` starts it again on the same port. */
  outage(): Promise<void>;
  restore(): Promise<void>;
  stop(): Promise<void>;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const idOf = (flag: '-u' | '-g', name: string) =>
  Number(execFileSync('id', [flag, name]).toString().trim());

export type DovecotOptions = {
  /**
   * Also accept OAuth 2.0 bearer tokens (XOAUTH2, OAUTHBEARER): Dovecot's oauth2 passdb posts
   * each token to this RFC 7662 introspection URL and signs in the `username` it answers.
   */
  oauth2IntrospectionUrl?: string;
};

export async function startDovecot(opts: DovecotOptions = {}): Promise<Dovecot> {
  if (!BINARY) throw new Error(dovecotMissing);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dovecot-'));
  const port = await freePort();
  const user = 'support';
  const password = `pw-${port}`;
  // Dovecot runs as the current user; as root, its login and mail processes may not, so
  // they use the accounts the Debian package created.
  const root = process.getuid?.() === 0;
  const me = os.userInfo().username;
  const mailUid = root ? idOf('-u', 'dovecot') : (process.getuid?.() ?? 0);
  const mailGid = root ? idOf('-g', 'dovecot') : (process.getgid?.() ?? 0);
  for (const sub of ['run', 'state', 'mail']) await fs.mkdir(path.join(dir, sub));
  if (root) {
    // The auth and mail processes run as the package's accounts: they must reach the files.
    await fs.chmod(dir, 0o755);
    await fs.chown(path.join(dir, 'mail'), mailUid, mailGid);
  }
  await fs.writeFile(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}\n`);
  const oauth = opts.oauth2IntrospectionUrl;
  if (oauth) {
    await fs.writeFile(
      path.join(dir, 'oauth2.conf'),
      `introspection_mode = post
introspection_url = ${oauth}
force_introspection = yes
username_attribute = username
active_attribute = active
active_value = true
`,
    );
  }
  await fs.writeFile(
    path.join(dir, 'dovecot.conf'),
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_debug = ${process.env.DOVECOT_DEBUG ? 'yes' : 'no'}
# A refused login (the tests try some) must not hold up the next one's introspection.
auth_failure_delay = 0
auth_mechanisms = plain${oauth ? ' xoauth2 oauthbearer' : ''}
mail_location = maildir:${dir}/mail/%n
# IDLE tells a client of new mail within a second (the default checks every 30 s where inotify
# does not reach): the cluster test's mail must not wait half a minute for the holder to look.
mailbox_idle_check_interval = 1 secs
first_valid_uid = ${mailUid}
default_internal_user = ${root ? 'dovecot' : me}
default_internal_group = ${root ? 'dovecot' : me}
default_login_user = ${root ? 'dovenull' : me}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n ${dir}/passwd
}
${
  oauth
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf
}
`
    : ''
}userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${dir}/mail/%n
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
`,
  );
  let child: ChildProcess;
  const launch = async () => {
    // Its own process group, so that `halt` reaches every Dovecot process (below). (So a
    // terminal's Ctrl-C no longer reaches it: a run interrupted before `stop` leaves it running.)
    child = spawn(BINARY, ['-F', '-c', path.join(dir, 'dovecot.conf')], {
      stdio: 'ignore',
      detached: true,
    });
    await waitForPort(port);
  };
  const halt = async () => {
    const exited = new Promise((resolve) =>
      child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
    );
    // The whole group: stopped alone, the master leaves its imap processes serving their open
    // connections for 10 s or more, so a client would not see the outage at all.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await exited;
  };
  await launch();
  const url = `imap://${user}:${password}@127.0.0.1:${port}/INBOX`;
  const client = async () => {
    const c = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await c.connect();
    return c;
  };
  return {
    port,
    user,
    password,
    url,
    client,
    async append(raw) {
      const c = await client();
      try {
        await c.append('INBOX', raw);
      } finally {
        await c.logout();
      }
    },
    outage: halt,
    restore: launch,
    async stop() {
      await halt();
      if (!process.env.KEEP_DOVECOT) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number) {
  await vi.waitFor(
    async () => {
      const open = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (!open) throw new Error(`Dovecot did not listen on port ${port}`);
    },
    { timeout: 15_000, interval: 100 },
  );
}
