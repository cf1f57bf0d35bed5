import { company, companyAddressLine } from '../../../shared/company.ts';
import { LegalDocument, type LegalSection } from './legal-document.tsx';

const sections: readonly LegalSection[] = [
  {
    heading: 'Information We Collect',
    paragraphs: [
      'We collect information you give us: your name, e-mail address, company, phone number and the content of messages, quote requests and support tickets. When you use the customer portal we also keep your profile, notification preferences, company sites and the records of your sign-ins.',
      'When you visit the website, our servers record technical data such as your IP address, browser type and the pages requested, for security and troubleshooting.',
    ],
  },
  {
    heading: 'How We Use Information',
    paragraphs: [
      'We use your information to answer your enquiries, prepare quotes, deliver and bill our services, provide support, send the notifications you have chosen, and protect our systems against abuse. We do not sell personal information.',
    ],
  },
  {
    heading: 'Cookies',
    paragraphs: [
      'The website uses one strictly necessary cookie to keep you signed in to the customer portal. We do not use advertising or cross-site tracking cookies.',
    ],
  },
  {
    heading: 'Sharing of Information',
    paragraphs: [
      'We share information only with service providers who help us operate, such as our hosting, e-mail delivery and payment partners, under contracts that require them to protect it, and when the law requires us to.',
    ],
  },
  {
    heading: 'Data Security',
    paragraphs: [
      'We protect information with encryption in transit, access controls based on least privilege, audit logging and regular security testing. Portal sign-in uses single-use links that expire after a short time.',
    ],
  },
  {
    heading: 'Data Retention',
    paragraphs: [
      'We keep contact messages and quote requests for up to 24 months, and account and service records for as long as you are a client plus the period required by tax and contract law.',
    ],
  },
  {
    heading: 'Your Rights',
    paragraphs: [
      'You may ask to see, correct or delete your personal information, or to receive a copy of it, by writing to us. Portal users can update their profile and notification preferences at any time under Profile & Settings.',
    ],
  },
  {
    heading: "Children's Privacy",
    paragraphs: [
      'Our services are intended for businesses. We do not knowingly collect information from children under 13.',
    ],
  },
  {
    heading: 'Changes and Contact',
    paragraphs: [
      'We will post any change to this policy on this page and update the date above. For questions about your privacy, write to ' +
        `${company.supportEmail} or to ${company.name}, ${companyAddressLine}.`,
    ],
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      dates={['Effective date: January 1, 2023', 'Last updated: February 20, 2025']}
      sections={sections}
    />
  );
}
