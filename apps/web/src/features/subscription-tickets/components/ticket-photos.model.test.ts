import { TICKET_PHOTOS_MAX } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { ticketPhotoActions } from './ticket-photos.model.ts';

const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i) }));
const everything = { add: true, delete: true };

describe("a B2B ticket's photos", () => {
  it('are added and removed while the ticket is new', () => {
    expect(ticketPhotoActions({ status: 'new', photos: photos(0) }, everything)).toEqual({
      canAdd: true,
      canDelete: true,
    });
  });

  it(`are added only up to ${TICKET_PHOTOS_MAX}; removing one still works at the limit`, () => {
    expect(ticketPhotoActions({ status: 'new', photos: photos(TICKET_PHOTOS_MAX - 1) }, everything).canAdd).toBe(true);
    expect(ticketPhotoActions({ status: 'new', photos: photos(TICKET_PHOTOS_MAX) }, everything)).toEqual({
      canAdd: false,
      canDelete: true,
    });
  });

  it('are fixed once the workshop has checked the ticket in', () => {
    for (const status of ['checked-in', 'working', 'completed', 'unsuccessful'])
      expect(ticketPhotoActions({ status, photos: photos(1) }, everything)).toEqual({
        canAdd: false,
        canDelete: false,
      });
  });

  it('follow the permissions: adding and removing each need their own', () => {
    expect(ticketPhotoActions({ status: 'new', photos: [] }, { add: true, delete: false })).toEqual({
      canAdd: true,
      canDelete: false,
    });
    expect(ticketPhotoActions({ status: 'new', photos: [] }, { add: false, delete: true })).toEqual({
      canAdd: false,
      canDelete: true,
    });
  });

  it('are only shown on a read-only view (the workshop)', () => {
    expect(ticketPhotoActions({ status: 'new', photos: [] }, { ...everything, readOnly: true })).toEqual({
      canAdd: false,
      canDelete: false,
    });
  });
});
