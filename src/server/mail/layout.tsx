import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { company, companyAddressLine } from '../../shared/company.ts';
import { mailTheme as t } from './theme.ts';

/**
 * Every mail's frame: the company's name as a header, the message in a white card up to
 * 560 px wide (full width on a phone), and a footer saying who sent it and why.
 */
export function MailLayout(props: { preview: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: t.page, fontFamily: t.font, margin: 0, padding: '24px 8px' }}>
        <Container
          style={{
            maxWidth: '560px',
            backgroundColor: '#ffffff',
            border: `1px solid ${t.border}`,
            borderRadius: '8px',
          }}
        >
          <Section style={{ padding: '20px 28px 12px', borderBottom: `3px solid ${t.brand}` }}>
            <Text style={{ margin: 0, fontSize: '18px', fontWeight: 700, color: t.brandDark }}>
              {company.name}
            </Text>
          </Section>
          <Section style={{ padding: '12px 28px 20px' }}>{props.children}</Section>
        </Container>
        <Container style={{ maxWidth: '560px', padding: '12px 28px' }}>
          {props.footer}
          <Text style={{ margin: '8px 0 0', fontSize: '12px', lineHeight: '18px', color: t.muted }}>
            {company.name} · {companyAddressLine} · {company.phone}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
