/**
 * Bundled flags (no external image service): each SVG is emitted as its own hashed asset
 * and only this map of URLs ships in the JavaScript, so a flag is downloaded when shown.
 */
const FLAG_URLS = import.meta.glob<string>('../../../../node_modules/country-flag-icons/3x2/*.svg', {
  eager: true,
  query: '?url&no-inline',
  import: 'default',
});
const flagByIso2 = new Map(
  Object.entries(FLAG_URLS).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1, -4), url]),
);

/** A country's flag (decorative), or its ISO code on a grey tile when there is no flag. */
export function CountryFlag({ iso2, className = '' }: { iso2: string; className?: string }) {
  const url = flagByIso2.get(iso2);
  if (!url) {
    return (
      <span
        aria-hidden
        className={`inline-flex h-4 w-6 items-center justify-center rounded-sm bg-slate-200 text-[9px] font-bold text-slate-700 ${className}`}
      >
        {iso2}
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      width={24}
      height={16}
      loading="lazy"
      decoding="async"
      className={`h-4 w-6 shrink-0 rounded-sm object-cover ring-1 ring-black/10 ${className}`}
    />
  );
}
