/** Small inline icons for the home page (no icon library shipped for four pictures). */
const base = {
  width: 28,
  height: 28,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

export const TicketIcon = () => (
  <svg {...base}>
    <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4Z" />
    <path d="M13 6v12" strokeDasharray="2 2" />
  </svg>
);
export const BraceletIcon = () => (
  <svg {...base}>
    <circle cx="12" cy="12" r="7" />
    <path d="M9 12a3 3 0 0 1 6 0" />
    <path d="M7 12a5 5 0 0 1 10 0" />
  </svg>
);
export const PhoneIcon = () => (
  <svg {...base}>
    <rect x="6" y="2" width="12" height="20" rx="2" />
    <path d="M11 18h2" />
  </svg>
);
export const ShieldIcon = () => (
  <svg {...base}>
    <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6Z" />
    <path d="m9 12 2 2 4-4" />
  </svg>
);
