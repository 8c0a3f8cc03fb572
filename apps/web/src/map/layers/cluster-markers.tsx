import { Marker } from 'react-map-gl/maplibre';
import type { LngLat } from '../map-geo.ts';

export interface ClusterMarker {
  /** Unique among the markers (React key). */
  id: string;
  position: LngLat;
  count: number;
  /** The ring around the count: one arc per part, in order, sized by value. */
  segments: { color: string; value: number }[];
  /** The marker's accessible name ("12 assets: 10 Active, 2 Alarm"). */
  label: string;
}

export interface ClusterMarkersProps<C extends ClusterMarker = ClusterMarker> {
  clusters: readonly C[];
  onSelect: (cluster: C) => void;
}

/** "1.2k" above a thousand, so the count fits inside the ring. */
const short = (n: number) =>
  n >= 10_000 ? `${Math.round(n / 1000)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);

/** Diameter in pixels: grows with the order of magnitude, 28 px for a pair up to 56 px for 100,000. */
export const clusterSize = (count: number) => Math.round(28 + Math.min(28, Math.log10(Math.max(count, 1)) * 5.6));

/**
 * Groups of things drawn as rings (one arc per part, a donut chart) with their count inside. They are DOM
 * markers, because the local base map has no glyphs to draw text with; each is a button, so a keyboard can
 * reach it. Meant for at most a few hundred markers (a screen of grid cells).
 */
export function ClusterMarkers<C extends ClusterMarker>({ clusters, onSelect }: ClusterMarkersProps<C>) {
  return clusters.map((c) => (
    <Marker
      key={c.id}
      longitude={c.position[0]}
      latitude={c.position[1]}
      // A native listener on the marker: it runs before the map sees the click (which would close a popup).
      // A keyboard's Enter on the button is a click that bubbles here too.
      onClick={(event) => {
        event.originalEvent.stopPropagation();
        onSelect(c);
      }}
    >
      <button
        type="button"
        className="fleetdesk-cluster"
        aria-label={c.label}
        title={c.label}
        style={{
          width: clusterSize(c.count),
          height: clusterSize(c.count),
          padding: 0,
          border: 'none',
          background: 'transparent',
          cursor: 'pointer',
          display: 'block',
        }}
      >
        <Ring segments={c.segments} count={c.count} />
      </button>
    </Marker>
  ));
}

function Ring({ segments, count }: { segments: ClusterMarker['segments']; count: number }) {
  const r = 15.9155; // circumference 100: dash lengths are percentages
  const total = segments.reduce((n, s) => n + s.value, 0) || 1;
  let offset = 25; // start at 12 o'clock
  return (
    <svg viewBox="0 0 42 42" width="100%" height="100%" aria-hidden="true">
      <circle cx="21" cy="21" r="17.5" fill="rgba(255,255,255,0.92)" />
      {segments.map((s, i) => {
        const length = (s.value / total) * 100;
        const arc = (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments are positional (one per part, in order).
            key={i}
            cx="21"
            cy="21"
            r={r}
            fill="none"
            stroke={s.color}
            strokeWidth="5"
            strokeDasharray={`${length} ${100 - length}`}
            strokeDashoffset={offset}
          />
        );
        offset -= length;
        return arc;
      })}
      <text x="21" y="25" textAnchor="middle" fontSize="11" fontWeight="600" fill="#1f1f1f">
        {short(count)}
      </text>
    </svg>
  );
}
