/** The FIT24 mark: a teal monogram on navy, drawn inline so it needs no asset. */
export function BrandMark({ size = 64 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="fit24-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2dd4bf" />
          <stop offset="1" stopColor="#0ea5e9" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="#111f36" stroke="#22395e" />
      <path d="M18 46V18h22v6H25v6h13v6H25v10z" fill="url(#fit24-mark)" />
      <circle cx="46" cy="42" r="5" fill="#2dd4bf" />
    </svg>
  );
}
