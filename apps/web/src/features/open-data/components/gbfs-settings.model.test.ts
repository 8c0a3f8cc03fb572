import type { GbfsSettings } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { placeServerErrors, toFormValues, toInput } from './gbfs-settings.model.ts';

const triangle: [number, number][] = [
  [1, 1],
  [2, 1],
  [2, 2],
];

const settings: GbfsSettings = {
  partnerId: 'p1',
  systemId: 'p1',
  enabled: false,
  discoveryUrl: 'https://fleet.example.com/api/gbfs/p1/gbfs.json',
  manifestUrl: 'https://fleet.example.com/api/gbfs/manifest.json',
  feedContactEmail: null,
  openingHours: '',
  rentalApps: { android: { storeUri: 'https://play.example.com/app', discoveryUri: 'app://open' }, ios: null },
  stations: [
    { siteId: 's1', name: 'Duomo', hasCoordinates: true, published: false, capacity: null },
    { siteId: 's2', name: 'Navigli', hasCoordinates: true, published: true, capacity: 12 },
    { siteId: 's3', name: 'Depot', hasCoordinates: false, published: true, capacity: 4 },
  ],
  zones: [
    {
      id: 'z1',
      name: 'Centre',
      kind: 'operating-area',
      maxSpeedKph: null,
      ring: [
        [9.1, 45.4],
        [9.2, 45.4],
        [9.2, 45.5],
        [9.1, 45.4],
      ],
    },
  ],
  updatedAt: null,
};

describe('Open data form', () => {
  it('starts a partner without settings at 24/7 with empty contact and unlisted apps', () => {
    const values = toFormValues(settings);
    expect(values.openingHours).toBe('24/7');
    expect(values.feedContactEmail).toBe('');
    expect(values.rentalApps.ios).toEqual({ storeUri: '', discoveryUri: '' });
  });

  it('sends the whole publication: published stations only, zones with their ids, empty apps as null', () => {
    const values = toFormValues(settings);
    values.zones.push({
      name: 'Piazza',
      kind: 'slow',
      maxSpeedKph: 10,
      ring: triangle,
    });
    expect(toInput({ ...values, enabled: true, feedContactEmail: ' ops@example.com ' })).toEqual({
      enabled: true,
      feedContactEmail: 'ops@example.com',
      openingHours: '24/7',
      rentalApps: { android: { storeUri: 'https://play.example.com/app', discoveryUri: 'app://open' }, ios: null },
      stations: [
        { siteId: 's2', capacity: 12 },
        { siteId: 's3', capacity: 4 },
      ],
      zones: [
        { id: 'z1', name: 'Centre', kind: 'operating-area', maxSpeedKph: null, ring: settings.zones[0]?.ring },
        {
          name: 'Piazza',
          kind: 'slow',
          maxSpeedKph: 10,
          ring: triangle,
        },
      ],
    });
  });

  it('drops the speed limit of a zone that is no longer slow', () => {
    const values = toFormValues(settings);
    values.zones = [
      {
        name: 'Was slow',
        kind: 'no-parking',
        maxSpeedKph: 15,
        ring: triangle,
      },
    ];
    expect(toInput(values).zones[0]?.maxSpeedKph).toBeNull();
  });

  it("places the server's errors on their fields, a station's on its own row", () => {
    const values = toFormValues(settings);
    const placed = placeServerErrors(
      {
        feedContactEmail: 'A feed contact e-mail is required to publish the feed',
        'zones.0.ring': 'The zone outline must not cross itself',
        'stations.1.capacity': 'Capacity must be a whole number between 0 and 10000',
        'stations.0.siteId': 'Must be a station site of this partner',
        zones: 'At most 50 zones',
      },
      values,
    );
    expect(placed.fields.map((f) => f.name)).toEqual([
      ['feedContactEmail'],
      ['zones', 0, 'ring'],
      ['stations', 2, 'capacity'],
      ['stations', 1, 'published'],
    ]);
    expect(placed.form).toHaveLength(1);
  });
});
