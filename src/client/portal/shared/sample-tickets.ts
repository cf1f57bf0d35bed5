import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { sampleCalendar } from './sample-dates.ts';

/**
 * Built-in example tickets (spec: shown when the list call returns nothing). The first two
 * match the dashboard's sample tickets. They are not real: replying to them is turned off.
 */
export function sampleTicketsOn(today: Date): Ticket[] {
  const { time } = sampleCalendar(today);
  return [
    {
      id: 'tk-sample-1',
      subject: 'Printer not connecting to Wi-Fi',
      description: 'The second-floor printer dropped off the network this morning.',
      priority: 'normal',
      status: 'open',
      category: 'Hardware',
      department: 'IT Support',
      private: false,
      createdAt: time(-1, 14),
      updatedAt: time(-1, 15, 10),
      assignedTo: 'Sample Agent',
      replies: [
        {
          id: 'sample-reply-1',
          message: 'Thanks for reporting this. Could you tell us the model shown on its label?',
          author: 'Sample Agent',
          isAgent: true,
          createdAt: time(-1, 14, 40),
        },
        {
          id: 'sample-reply-2',
          message: 'It is an HP LaserJet M404.',
          author: 'Sample Customer',
          isAgent: false,
          createdAt: time(-1, 15, 10),
        },
      ],
      events: [],
      mergedIntoTicketId: null,
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
      createdAt: time(-4, 9, 30),
      updatedAt: time(-4, 11),
      assignedTo: null,
      replies: [
        {
          id: 'sample-reply-3',
          message: 'We will set up the accounts. Please send the start date and manager.',
          author: 'Sample Agent',
          isAgent: true,
          createdAt: time(-4, 11),
        },
      ],
      events: [],
      mergedIntoTicketId: null,
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
      createdAt: time(-25, 10),
      updatedAt: time(-24, 9),
      assignedTo: 'Sample Agent',
      replies: [
        {
          id: 'sample-reply-4',
          message: 'We allowed the vendor update server in the firewall. Please try again.',
          author: 'Sample Agent',
          isAgent: true,
          createdAt: time(-25, 16),
        },
        {
          id: 'sample-reply-5',
          message: 'Updates work now, thank you.',
          author: 'Sample Customer',
          isAgent: false,
          createdAt: time(-24, 9),
        },
      ],
      events: [],
      mergedIntoTicketId: null,
    },
  ];
}

/** The sample rows as of the page's load. */
export const sampleTickets: readonly Ticket[] = sampleTicketsOn(new Date());
