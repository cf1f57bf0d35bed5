import type { Ticket } from '../../../shared/schemas/tickets.ts';

/**
 * Built-in example tickets (spec: shown when the list call returns nothing). The first two
 * match the dashboard's sample tickets. They are not real: replying to them is turned off.
 */
export const sampleTickets: readonly Ticket[] = [
  {
    id: 'tk-sample-1',
    subject: 'Printer not connecting to Wi-Fi',
    description: 'The second-floor printer dropped off the network this morning.',
    priority: 'normal',
    status: 'open',
    category: 'Hardware',
    department: 'IT Support',
    private: false,
    createdAt: '2026-01-12T14:00:00.000Z',
    updatedAt: '2026-01-12T15:10:00.000Z',
    assignedTo: 'Sample Agent',
    replies: [
      {
        id: 'sample-reply-1',
        message: 'Thanks for reporting this. Could you tell us the model shown on its label?',
        author: 'Sample Agent',
        isAgent: true,
        createdAt: '2026-01-12T14:40:00.000Z',
      },
      {
        id: 'sample-reply-2',
        message: 'It is an HP LaserJet M404.',
        author: 'Sample Customer',
        isAgent: false,
        createdAt: '2026-01-12T15:10:00.000Z',
      },
    ],
    events: [],
  },
  {
    id: 'tk-sample-2',
    subject: 'New employee account setup',
    description: 'A new hire starts Monday and needs e-mail and VPN access.',
    priority: 'low',
    status: 'pending',
    category: 'Email & Communication',
    department: 'IT Support',
    private: false,
    createdAt: '2026-01-08T09:30:00.000Z',
    updatedAt: '2026-01-08T11:00:00.000Z',
    assignedTo: null,
    replies: [
      {
        id: 'sample-reply-3',
        message: 'We will set up the accounts. Please send the start date and manager.',
        author: 'Sample Agent',
        isAgent: true,
        createdAt: '2026-01-08T11:00:00.000Z',
      },
    ],
    events: [],
  },
  {
    id: 'tk-sample-3',
    subject: 'Firewall blocking accounting software updates',
    description: 'Updates for the accounting package fail with a connection error.',
    priority: 'high',
    status: 'closed',
    category: 'Network & Security',
    department: 'Network Administration',
    private: false,
    createdAt: '2025-12-15T10:00:00.000Z',
    updatedAt: '2025-12-16T09:00:00.000Z',
    assignedTo: 'Sample Agent',
    replies: [
      {
        id: 'sample-reply-4',
        message: 'We allowed the vendor update server in the firewall. Please try again.',
        author: 'Sample Agent',
        isAgent: true,
        createdAt: '2025-12-15T16:00:00.000Z',
      },
      {
        id: 'sample-reply-5',
        message: 'Updates work now, thank you.',
        author: 'Sample Customer',
        isAgent: false,
        createdAt: '2025-12-16T09:00:00.000Z',
      },
    ],
    events: [],
  },
];
