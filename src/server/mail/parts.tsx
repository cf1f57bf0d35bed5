import { Fragment, type ReactNode } from 'react';
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { mailTheme as t } from './theme.ts';

const paragraph = { fontSize: '15px', lineHeight: '24px', color: t.text, margin: '12px 0' };

export function P({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

/** Small print under the message: why the mail came, what to do if unexpected. */
export function Note({ children }: { children: ReactNode }) {
  return <Text style={{ ...paragraph, fontSize: '13px', color: t.muted }}>{children}</Text>;
}

/**
 * The mail's one action as a button. In the plain-text part it reads "label URL"; the
 * copy-this-address line below the button is for HTML readers whose client breaks buttons.
 */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '16px 0' }}>
      <Button
        href={href}
        style={{
          backgroundColor: t.brand,
          color: '#ffffff',
          borderRadius: '6px',
          padding: '12px 20px',
          fontSize: '15px',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
      <Text
        data-skip-in-text="true"
        style={{ fontSize: '12px', lineHeight: '18px', color: t.muted, margin: '8px 0 0' }}
      >
        If the button does not work, copy this address into your browser:{' '}
        <Link href={href} style={{ color: t.brand, wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

/** A link in running text (shown as its address in the plain-text part). */
export function A({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Link href={href} style={{ color: t.brand }}>
      {children ?? href}
    </Link>
  );
}

/** What a person wrote (a ticket, a reply, a form): kept line by line, set apart. */
export function Quote({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <Text
      style={{
        ...paragraph,
        backgroundColor: t.quote,
        borderLeft: `3px solid ${t.border}`,
        padding: '8px 12px',
      }}
    >
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/** Label and value lines ("Priority: high"), one per row. */
export function Fields({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <Text style={paragraph}>
      {rows.map(([label, value], i) => (
        <Fragment key={label}>
          {i > 0 && <br />}
          <strong>{label}:</strong> {value}
        </Fragment>
      ))}
    </Text>
  );
}

/** A one-time code, large enough to read and type. */
export function Code({ children }: { children: string }) {
  return (
    <strong style={{ fontSize: '20px', letterSpacing: '2px', color: t.brandDark }}>
      {children}
    </strong>
  );
}

/** Where a notification mail's reader changes or stops it (RFC 8058 link and the profile). */
export type PreferenceLinks = { unsubscribe: string; preferences: string };

/** A notification mail's last line: why it came, and how to change or stop it. */
export function PreferencesNote({ reason, links }: { reason: string; links: PreferenceLinks }) {
  return (
    <Note>
      {reason} <A href={links.preferences}>Change your preferences</A> or{' '}
      <A href={links.unsubscribe}>unsubscribe</A>.
    </Note>
  );
}
