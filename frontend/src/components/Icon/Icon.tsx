/**
 * The few line icons the app uses, drawn on one 24-unit grid. Decorative only: the text beside an icon
 * names it, so every icon is hidden from assistive technology.
 */
const paths = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  people: 'M16 20v-1.5a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4V20M9.5 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM21 20v-1.5a4 4 0 0 0-3-3.9M15.5 4.1a3.5 3.5 0 0 1 0 6.8',
  handshake: 'M3 12l4-4 4 2 3-2 4 1 3 3M7 8v6l4 4 2-1 2 1 3-3M11 18l-2-2M13 17l-2-2',
  chat: 'M4 5h16v11H9l-5 4V5z',
  video: 'M3 7h12v10H3zM15 11l6-4v10l-6-4',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z',
  signOut: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevronDown: 'M6 9l6 6 6-6',
  bell: 'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0',
} as const;

export type IconName = keyof typeof paths;

export const Icon = ({ name, size = 20 }: { name: IconName; size?: number }) => (
  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d={paths[name]} />
  </svg>
);
