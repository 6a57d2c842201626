/** Small inline icons (no icon font, nothing fetched): they inherit the text colour. */
const PATHS = {
  run: 'M5 3.5v9l7.5-4.5z',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5',
  refresh: 'M13 8a5 5 0 1 1-1.5-3.5M13 2.5v3h-3',
  insert: 'M8 2.5v8M4.5 7 8 10.5 11.5 7M3 13.5h10',
} as const;

export function Icon({ name }: { name: keyof typeof PATHS }) {
  const filled = name === 'run';
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
