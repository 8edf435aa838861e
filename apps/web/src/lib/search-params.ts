import { useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A query parameter of the page at `pathname`, frozen while another page is shown. Ionic keeps pages
 * mounted below the one on top and they all read the current location: without this, a hidden
 * /funds/deposit?asset_id=2 would see the next page's query and reload as something else.
 */
export function usePageParam(pathname: string, name: string): string | null {
  const location = useLocation();
  const value = useRef<string | null>(null);
  if (location.pathname === pathname) value.current = new URLSearchParams(location.search).get(name);
  return value.current;
}

/** A positive whole-number id from a query parameter ("3"), or null. */
export function parseId(value: string | null): number | null {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  return Number(value);
}
