import { company, companyAddressLine } from '../../../shared/company.ts';
import { LegalDocument, type LegalSection } from './legal-document.tsx';

const sections: readonly LegalSection[] = [
  {
    heading: 'Acceptance of Terms',
    paragraphs: [
      `By using the ${company.name} website or customer portal you agree to these terms. If you use them on behalf of a company, you confirm that you may bind that company.`,
    ],
  },
  {
    heading: 'Services',
    paragraphs: [
      'The specific scope, service levels and prices of our services are set out in the service agreement or statement of work signed with each client. Where those documents conflict with these terms, the signed agreement prevails.',
    ],
  },
  {
    heading: 'Customer Portal Accounts',
    paragraphs: [
      'Portal access is granted to people named by our clients. You are responsible for keeping access to your e-mail account secure, since sign-in links are sent there, and for telling us promptly when a user should lose access.',
    ],
  },
  {
    heading: 'Acceptable Use',
    paragraphs: [
      'You may not use the website or portal to break the law, to probe or disrupt our systems, to access data that is not yours, or to send unsolicited messages through our forms.',
    ],
  },
  {
    heading: 'Quotes and Payment',
    paragraphs: [
      'Quotes are valid for 30 days unless they say otherwise. Invoices are payable within the term stated on the invoice; late payments may incur interest as permitted by law.',
    ],
  },
  {
    heading: 'Intellectual Property',
    paragraphs: [
      `The website, portal and their content belong to ${company.name} or its licensors. Documents we deliver to you under a service agreement may be used by your company for its own business purposes.`,
    ],
  },
  {
    heading: 'Confidentiality',
    paragraphs: [
      'Each party keeps the other party’s non-public business and technical information confidential and uses it only to perform or receive the services.',
    ],
  },
  {
    heading: 'Warranties and Disclaimers',
    paragraphs: [
      'We perform our services with professional care and skill. Except as stated in a signed agreement, the website and portal are provided "as is", without warranties of any kind.',
    ],
  },
  {
    heading: 'Limitation of Liability',
    paragraphs: [
      'To the extent permitted by law, neither party is liable for indirect or consequential damages, and our total liability is limited to the fees paid for the affected service in the 12 months before the claim.',
    ],
  },
  {
    heading: 'Termination',
    paragraphs: [
      'We may suspend portal access that is used in breach of these terms. Termination of services is governed by the applicable service agreement.',
    ],
  },
  {
    heading: 'Governing Law and Contact',
    paragraphs: [
      `These terms are governed by the laws of the State of ${company.governingLaw}, and disputes are subject to the courts of Travis County, ${company.governingLaw}. Questions: ${company.salesEmail}, ${companyAddressLine}.`,
    ],
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      dates={['Effective date: January 1, 2023', 'Last updated: February 20, 2025']}
      sections={sections}
    />
  );
}
