import type { CustomerTicketStatus, TicketIssue, TicketOperationType, TicketPauseReason } from '@fleetdesk/contracts';

/** What the demo photos show. */
export const photoSubjects = ['Worn brake pad', 'Tyre with a puncture', 'Battery contacts', 'After service'] as const;
export type PhotoSubject = (typeof photoSubjects)[number];

/**
 * What happened to each demo service ticket, told as a story the seed plays through with the services' rules:
 * where it stands now, when it was opened, what was worked on it and how its fees were settled.
 */
type PartnerKey = 'milano' | 'barcelona' | 'seoul';

export type PaymentStory = 'paid' | 'declined' | 'exempted' | 'refunded';
export interface RecordStory {
  checklist: string;
  thorough?: boolean;
  excluded?: boolean;
  photos?: PhotoSubject[];
  comment?: string;
}
export interface TicketStory {
  status: CustomerTicketStatus;
  hoursAgo: number;
  category: string;
  issues: TicketIssue[];
  operationType?: TicketOperationType;
  /** Assigned by the service lead before anyone started. */
  assigned?: boolean;
  records?: RecordStory[];
  pause?: { reason: TicketPauseReason; note?: string };
  /** Was it worked before it failed? */
  failedWhile?: 'new' | 'processing';
  failReason?: string;
  payment?: PaymentStory;
  comment?: string;
  checkInNote?: string;
  contact?: boolean;
}

const milanoStories: TicketStory[] = [
  { status: 'new', hoursAgo: 1, category: 'City e-bike', issues: ['Flat'], contact: true, comment: 'Rear tyre flat' },
  {
    status: 'new',
    hoursAgo: 3,
    category: 'Urban bike',
    issues: ['Brakes', 'Priority'],
    comment: 'Front brake barely holds; the customer needs it back today',
  },
  {
    status: 'checked-in',
    hoursAgo: 5,
    category: 'Kick e-scooter',
    issues: ['Battery'],
    checkInNote: 'Scratches on the deck; charger left with the scooter',
  },
  {
    status: 'checked-in',
    hoursAgo: 20,
    category: 'City e-bike',
    issues: ['Display'],
    assigned: true,
    checkInNote: 'Display shows E21 at start-up',
  },
  {
    status: 'processing',
    hoursAgo: 26,
    category: 'City e-bike',
    issues: ['Brakes'],
    records: [{ checklist: 'Brake service', photos: ['Worn brake pad'], comment: 'Front pads down to the metal' }],
  },
  {
    status: 'paused',
    hoursAgo: 50,
    category: 'City e-bike',
    issues: ['Motor', 'Hub'],
    pause: { reason: 'waiting-for-parts', note: 'Hub motor ordered, due Thursday' },
    records: [{ checklist: 'E-bike full service', photos: ['Battery contacts', 'Worn brake pad'] }],
  },
  {
    status: 'paused',
    hoursAgo: 30,
    category: 'Urban bike',
    issues: ['Tune up'],
    pause: { reason: 'customer-approval', note: 'Quote sent by e-mail: new derailleur' },
    records: [{ checklist: 'Urban bike tune-up' }],
  },
  {
    status: 'finished',
    hoursAgo: 28,
    category: 'City e-bike',
    issues: ['Flat'],
    operationType: 'swapped',
    records: [{ checklist: 'Flat tyre', thorough: true, photos: ['Tyre with a puncture'] }],
    payment: 'paid',
  },
  {
    status: 'finished',
    hoursAgo: 75,
    category: 'City e-bike',
    issues: ['Battery', 'Brakes'],
    records: [
      { checklist: 'Battery check', photos: ['Battery contacts'] },
      { checklist: 'Brake service', excluded: true, comment: 'Done under warranty: not charged' },
    ],
    payment: 'declined',
  },
  {
    status: 'completed',
    hoursAgo: 24 * 6,
    category: 'Urban bike',
    issues: ['Brakes'],
    operationType: 'return',
    records: [{ checklist: 'Brake service' }],
    payment: 'paid',
  },
  {
    status: 'completed',
    hoursAgo: 24 * 9,
    category: 'City e-bike',
    issues: ['Tune up', 'Priority'],
    records: [{ checklist: 'E-bike full service', thorough: true, photos: ['After service'] }],
    payment: 'refunded',
  },
  {
    status: 'completed',
    hoursAgo: 24 * 12,
    category: 'Kick e-scooter',
    issues: ['Flat'],
    records: [{ checklist: 'Flat tyre' }],
    payment: 'exempted',
  },
  {
    status: 'unsuccessful',
    hoursAgo: 24 * 4,
    category: 'Urban bike',
    issues: ['Frame/Front fork'],
    failedWhile: 'processing',
    failReason: 'Frame cracked at the head tube: not repairable, the bike is retired',
    records: [{ checklist: 'Urban bike tune-up' }],
  },
  {
    status: 'unsuccessful',
    hoursAgo: 24 * 2,
    category: 'City e-bike',
    issues: ['Kickstand'],
    failedWhile: 'new',
    failReason: 'The customer withdrew the request',
  },
];

const barcelonaStories: TicketStory[] = [
  { status: 'new', hoursAgo: 2, category: 'City e-bike', issues: ['Socket cable'], contact: true },
  {
    status: 'checked-in',
    hoursAgo: 6,
    category: 'Urban bike',
    issues: ['Pedal'],
    checkInNote: 'Left pedal loose',
  },
  {
    status: 'processing',
    hoursAgo: 8,
    category: 'Kick e-scooter',
    issues: ['Flat'],
    records: [{ checklist: 'Flat tyre', photos: ['Tyre with a puncture'] }],
  },
  {
    status: 'paused',
    hoursAgo: 27,
    category: 'City e-bike',
    issues: ['E-shifter/Derailleur'],
    pause: { reason: 'shop-too-busy' },
    records: [{ checklist: 'E-bike full service' }],
  },
  {
    status: 'finished',
    hoursAgo: 30,
    category: 'City e-bike',
    issues: ['Brakes'],
    records: [{ checklist: 'Brake service', photos: ['Worn brake pad'] }],
    payment: 'paid',
  },
  {
    status: 'finished',
    hoursAgo: 52,
    category: 'Urban bike',
    issues: ['Tune up'],
    records: [{ checklist: 'Urban bike tune-up' }],
    payment: 'declined',
  },
  {
    status: 'completed',
    hoursAgo: 24 * 5,
    category: 'City e-bike',
    issues: ['Battery'],
    records: [{ checklist: 'Battery check' }],
    payment: 'paid',
  },
  {
    status: 'unsuccessful',
    hoursAgo: 24 * 3,
    category: 'Kick e-scooter',
    issues: ['Motor'],
    failedWhile: 'processing',
    failReason: 'Motor no longer made; the scooter goes back to the supplier',
  },
];

const seoulStories: TicketStory[] = [
  { status: 'new', hoursAgo: 2, category: 'Kick e-scooter', issues: ['Battery'], contact: true },
  { status: 'checked-in', hoursAgo: 4, category: 'City e-bike', issues: ['Display'], checkInNote: 'No power' },
  {
    status: 'processing',
    hoursAgo: 6,
    category: 'City e-bike',
    issues: ['Brakes'],
    records: [{ checklist: 'Brake service' }],
  },
];

export const demoTicketStories: Record<PartnerKey, TicketStory[]> = {
  milano: milanoStories,
  barcelona: barcelonaStories,
  seoul: seoulStories,
};
