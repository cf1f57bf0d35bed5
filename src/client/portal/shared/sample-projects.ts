import type { Project } from '../../../shared/schemas/projects.ts';
import { sampleCalendar } from './sample-dates.ts';

/** Built-in example rows (spec: shown when the list call returns nothing). */
export function sampleProjectsOn(today: Date): Project[] {
  const { day } = sampleCalendar(today);
  return [
    {
      id: 'sample-project-1',
      name: 'Office Network Upgrade',
      description: 'Replace core switches and wireless access points at headquarters.',
      status: 'in-progress',
      progress: 60,
      startDate: day(-30),
      estimatedCompletion: day(45),
      endDate: null,
      projectManager: 'Sample Manager',
      notes: 'An example project: your own projects will appear here.',
      milestones: [
        {
          id: 'sample-milestone-1',
          title: 'Site survey',
          description: 'Survey of the current network.',
          status: 'completed',
          dueDate: day(-20),
          completedDate: day(-21),
        },
        {
          id: 'sample-milestone-2',
          title: 'Switch replacement',
          description: 'Install the new core switches.',
          status: 'in-progress',
          dueDate: day(10),
          completedDate: null,
        },
        {
          id: 'sample-milestone-3',
          title: 'Wireless rollout',
          description: 'Install and tune the access points.',
          status: 'pending',
          dueDate: day(40),
          completedDate: null,
        },
      ],
    },
    {
      id: 'sample-project-2',
      name: 'Cloud Backup Setup',
      description: 'Nightly backups of file servers to immutable cloud storage.',
      status: 'completed',
      progress: 100,
      startDate: day(-150),
      estimatedCompletion: day(-100),
      endDate: day(-102),
      projectManager: 'Sample Manager',
      notes: 'An example project: your own projects will appear here.',
      milestones: [],
    },
    {
      id: 'sample-project-3',
      name: 'Laptop Refresh',
      description: 'Replace end-of-life laptops for the sales team.',
      status: 'scheduled',
      progress: 0,
      startDate: day(30),
      estimatedCompletion: null,
      endDate: null,
      projectManager: 'Sample Manager',
      notes: '',
      milestones: [],
    },
  ];
}

/** The sample rows as of the page's load. */
export const sampleProjects: readonly Project[] = sampleProjectsOn(new Date());
