/** Base map colours, picked to sit quietly under antd's blue overlays. */
export const mapColors = {
  sea: '#dce8f2',
  land: '#f6f3ec',
  coast: '#9db4c8',
  border: '#b3aa9a',
  graticule: '#c9d8e6',
} as const;

/** Overlay colours: antd's primary blue, so a fence reads as "the thing being edited". */
export const overlayColors = {
  fill: '#1677ff',
  outline: '#0958d9',
} as const;
